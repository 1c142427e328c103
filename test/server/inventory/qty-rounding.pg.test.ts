import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { qtyRoundingSuite } from './qty-rounding.suite';

describe.skipIf(requirePg())('inventory quantities rounded before checked, on PostgreSQL', () =>
  qtyRoundingSuite('pg'),
);
