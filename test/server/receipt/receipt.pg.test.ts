import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { receiptSuite } from './receipt.suite';

describe.skipIf(requirePg())('receipts on PostgreSQL', () => receiptSuite('pg'));
