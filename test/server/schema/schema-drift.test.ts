import { describe } from 'vitest';
import { schemaDriftSuite } from './schema-drift.suite';

describe('one schema on PGlite', () => schemaDriftSuite('pglite'));
