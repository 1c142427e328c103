import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { salesReportSuite } from './sales-report.suite';

describe.skipIf(requirePg())('sales report on PostgreSQL', () => salesReportSuite('pg'));
