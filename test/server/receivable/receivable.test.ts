import { describe } from 'vitest';
import { receivableSuite } from './receivable.suite';

describe('accounts receivable on PGlite', () => receivableSuite('pglite'));
