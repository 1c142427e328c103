import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { secretsSuite } from './secrets.suite';

describe.skipIf(requirePg())('secrets at rest on PostgreSQL', () => secretsSuite('pg'));
