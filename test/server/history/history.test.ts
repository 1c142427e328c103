import { describe } from 'vitest';
import { historySuite } from './history.suite';

describe('transaction history on PGlite', () => historySuite('pglite'));
