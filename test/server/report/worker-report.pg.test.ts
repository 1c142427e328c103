import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { workerReportSuite } from './worker-report.suite';

describe.skipIf(requirePg())('worker activity report on PostgreSQL', () => workerReportSuite('pg'));
