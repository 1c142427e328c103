import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { listReportsSuite } from './list-reports.suite';

describe.skipIf(requirePg())('list reports on PostgreSQL', () => listReportsSuite('pg'));
