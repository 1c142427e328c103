import { describe } from 'vitest';
import { faultSuite } from './fault.suite';

describe('sync fault harness on PGlite', () => faultSuite('pglite'));
