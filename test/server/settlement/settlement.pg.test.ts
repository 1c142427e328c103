import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { settlementSuite } from './settlement.suite';

describe.skipIf(requirePg())('settlement on PostgreSQL', () => settlementSuite('pg'));
