import { describe } from 'vitest';
import { qtyRoundingSuite } from './qty-rounding.suite';

describe('inventory quantities rounded before checked, on PGlite', () => qtyRoundingSuite('pglite'));
