import { describe } from 'vitest';
import { saleSumsSuite } from './sale-sums.suite';

describe('each sale’s report figures on PGlite', () => saleSumsSuite('pglite'));
