import { describe } from 'vitest';
import { voidArchiveSuite } from './void-archive.suite';

describe('void, archive and inventory-out on PGlite', () => voidArchiveSuite('pglite'));
