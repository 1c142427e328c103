import { describe } from 'vitest';
import { shiftSuite } from './shift.suite';

describe('shift sync on PGlite', () => shiftSuite('pglite'));
