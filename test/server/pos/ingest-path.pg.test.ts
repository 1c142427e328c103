import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { ingestPathSuite } from './ingest-path.suite';

describe.skipIf(requirePg())('sale ingest paths on PostgreSQL', () => ingestPathSuite('pg'));
