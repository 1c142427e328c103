import { describe } from 'vitest';
import { secretsSuite } from './secrets.suite';

describe('secrets at rest on PGlite', () => secretsSuite('pglite'));
