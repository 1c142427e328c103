import { describe } from 'vitest';
import { sessionSuite } from './session.suite';

describe('session calls on PGlite', () => sessionSuite('pglite'));
