import { describe } from 'vitest';
import { redeemSuite } from './redeem.suite';

describe('redeem in a sale on PGlite', () => redeemSuite('pglite'));
