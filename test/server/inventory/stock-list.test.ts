import { describe } from 'vitest';
import { stockListSuite } from './stock-list.suite';

describe('stock list on PGlite', () => stockListSuite('pglite'));
