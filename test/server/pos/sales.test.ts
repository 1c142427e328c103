import { describe } from 'vitest';
import { salesSuite } from './sales.suite';

describe('sales ingest on PGlite', () => salesSuite('pglite'));
