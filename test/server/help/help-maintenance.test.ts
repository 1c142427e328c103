import { describe } from 'vitest';
import { helpMaintenanceSuite } from './help-maintenance.suite';

describe('help and maintenance on PGlite', () => helpMaintenanceSuite('pglite'));
