import { describe } from 'vitest';
import { workerReportSuite } from './worker-report.suite';

describe('worker activity report on PGlite', () => workerReportSuite('pglite'));
