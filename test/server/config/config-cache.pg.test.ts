import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { configCacheSuite } from './config-cache.suite';

describe.skipIf(requirePg())('GET cashier/config cache on PostgreSQL', () => configCacheSuite('pg'));
