import { describe } from 'vitest';
import { ingestPathSuite } from './ingest-path.suite';

describe('sale ingest paths on PGlite', () => ingestPathSuite('pglite'));
