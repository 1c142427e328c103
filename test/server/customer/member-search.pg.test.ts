import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { memberSearchSuite } from './member-search.suite';

describe.skipIf(requirePg())('member search, lookups by every type and member activation on PostgreSQL', () =>
  memberSearchSuite('pg'),
);
