import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { badInputSuite } from './bad-input.suite';

describe.skipIf(requirePg())('member side bad input on PostgreSQL', () => badInputSuite('pg'));
