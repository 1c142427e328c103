import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { saleEditsSuite } from './sale-edits.suite';

describe.skipIf(requirePg())('Customer Data edits stored with a sale on PostgreSQL', () =>
  saleEditsSuite('pg'),
);
