import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { emrRecordsSuite } from './emr-records.suite';

describe.skipIf(requirePg())('medical sub-records on PostgreSQL', () => emrRecordsSuite('pg'));
