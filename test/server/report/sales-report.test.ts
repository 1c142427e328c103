import { describe } from 'vitest';
import { salesReportSuite } from './sales-report.suite';

describe('sales report on PGlite', () => salesReportSuite('pglite'));
