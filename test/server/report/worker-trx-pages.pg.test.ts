import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { workerTrxPagesSuite } from './worker-trx-pages.suite';

describe.skipIf(requirePg())('worker by transaction in pages on PostgreSQL', () => workerTrxPagesSuite('pg'));
