import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { schemaDriftSuite } from './schema-drift.suite';

describe.skipIf(requirePg())('one schema on PostgreSQL', () => schemaDriftSuite('pg'));
