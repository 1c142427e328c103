import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { helpMaintenanceSuite } from './help-maintenance.suite';

describe.skipIf(requirePg())('help and maintenance on PostgreSQL', () => helpMaintenanceSuite('pg'));
