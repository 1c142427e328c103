import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { emrSetupSuite } from './emr-setup.suite';

describe.skipIf(requirePg())('EMR setup on PostgreSQL', () => emrSetupSuite('pg'));
