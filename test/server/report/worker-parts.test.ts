import { describe } from 'vitest';
import { workerPartsSuite } from './worker-parts.suite';

describe('worker parts kept beside each line on PGlite', () => workerPartsSuite('pglite'));
