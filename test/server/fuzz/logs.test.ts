import { describe } from 'vitest';
import { logsSuite } from './logs.suite';

describe('logs keep ids, not documents (PGlite)', () => logsSuite('pglite'));
