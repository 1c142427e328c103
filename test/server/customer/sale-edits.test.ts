import { describe } from 'vitest';
import { saleEditsSuite } from './sale-edits.suite';

describe('Customer Data edits stored with a sale on PGlite', () => saleEditsSuite('pglite'));
