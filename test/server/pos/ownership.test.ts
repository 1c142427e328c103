import { describe } from 'vitest';
import { ownershipSuite } from './ownership.suite';

describe('ownership of saved transactions on PGlite', () => ownershipSuite('pglite'));
