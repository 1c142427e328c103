import { describe } from 'vitest';
import { stockCardSuite } from './stock-card.suite';

describe('stock card on PGlite', () => stockCardSuite('pglite'));
