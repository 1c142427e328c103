import { describe } from 'vitest';
import { specialSuite } from './special.suite';

describe('top-up and receivable payment on PGlite', () => specialSuite('pglite'));
