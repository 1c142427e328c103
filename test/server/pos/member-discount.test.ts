import { describe } from 'vitest';
import { memberDiscountSuite } from './member-discount.suite';

describe('member discount on PGlite', () => memberDiscountSuite('pglite'));
