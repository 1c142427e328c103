import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { memberInfoSuite } from './member-info.suite';

describe.skipIf(requirePg())('member info on PostgreSQL', () => memberInfoSuite('pg'));
