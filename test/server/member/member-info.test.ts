import { describe } from 'vitest';
import { memberInfoSuite } from './member-info.suite';

describe('member info (PGlite)', () => memberInfoSuite('pglite'));
