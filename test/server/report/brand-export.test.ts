import { describe } from 'vitest';
import { brandExportSuite } from './brand-export.suite';

describe('brand export on PGlite', () => brandExportSuite('pglite'));
