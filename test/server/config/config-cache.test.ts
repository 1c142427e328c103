import { describe } from 'vitest';
import { configCacheSuite } from './config-cache.suite';

describe('GET cashier/config cache on PGlite', () => configCacheSuite('pglite'));
