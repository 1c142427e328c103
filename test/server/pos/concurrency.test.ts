import { describe } from 'vitest';
import { concurrencySuite } from './concurrency.suite';

describe('parallel sales on PGlite', () => concurrencySuite('pglite'));
