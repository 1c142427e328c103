import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { stockCardSuite } from './stock-card.suite';

describe.skipIf(requirePg())('stock card on PostgreSQL', () => stockCardSuite('pg'));
