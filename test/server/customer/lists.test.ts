import { describe } from 'vitest';
import { listsSuite } from './lists.suite';

describe('cashier lookups (lists) on PGlite', () => listsSuite('pglite'));
