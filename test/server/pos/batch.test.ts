import { describe } from 'vitest';
import { batchSuite } from './batch.suite';

describe('batch sync on PGlite', () => batchSuite('pglite'));
