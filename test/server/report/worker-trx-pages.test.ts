import { describe } from 'vitest';
import { workerTrxPagesSuite } from './worker-trx-pages.suite';

describe('worker by transaction in pages on PGlite', () => workerTrxPagesSuite('pglite'));
