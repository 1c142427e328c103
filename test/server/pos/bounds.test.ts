import { describe } from 'vitest';
import { boundsSuite } from './bounds.suite';

describe('impossible times and numbers in sales on PGlite', () => boundsSuite('pglite'));
