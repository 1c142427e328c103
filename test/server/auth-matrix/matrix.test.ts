import { describe } from 'vitest';
import { matrixSuite } from './matrix.suite';

describe('authorization matrix on PGlite', () => matrixSuite('pglite'));
