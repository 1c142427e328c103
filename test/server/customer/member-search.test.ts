import { describe } from 'vitest';
import { memberSearchSuite } from './member-search.suite';

describe('member search, lookups by every type and member activation on PGlite', () =>
  memberSearchSuite('pglite'));
