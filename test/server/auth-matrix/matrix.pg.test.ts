import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { matrixSuite } from './matrix.suite';

describe.skipIf(requirePg())('authorization matrix on PostgreSQL', () => matrixSuite('pg'));
