import { describe } from 'vitest';
import { inventorySuite } from './inventory.suite';

describe('inventory on PGlite', () => inventorySuite('pglite'));
