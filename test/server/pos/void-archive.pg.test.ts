import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { voidArchiveSuite } from './void-archive.suite';

describe.skipIf(requirePg())('void, archive and inventory-out on PostgreSQL', () => voidArchiveSuite('pg'));
