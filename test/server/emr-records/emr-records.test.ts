import { describe } from 'vitest';
import { emrRecordsSuite } from './emr-records.suite';

describe('medical sub-records (PGlite)', () => emrRecordsSuite('pglite'));
