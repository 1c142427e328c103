import { describe } from 'vitest';
import { receiptSuite } from './receipt.suite';

describe('receipts on PGlite', () => receiptSuite('pglite'));
