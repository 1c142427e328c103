import { describe } from 'vitest';
import { loyaltySuite } from './loyalty.suite';

describe('loyalty screens on PGlite', () => loyaltySuite('pglite'));
