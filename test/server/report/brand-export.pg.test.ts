import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { brandExportSuite } from './brand-export.suite';

describe.skipIf(requirePg())('brand export on PostgreSQL', () => brandExportSuite('pg'));
