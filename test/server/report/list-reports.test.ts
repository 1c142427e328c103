import { describe } from 'vitest';
import { listReportsSuite } from './list-reports.suite';

describe('list reports on PGlite', () => listReportsSuite('pglite'));
