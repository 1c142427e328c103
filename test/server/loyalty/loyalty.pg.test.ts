import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { loyaltySuite } from './loyalty.suite';

// PostgreSQL: the two tills' double use and the concurrent repeat of an award take real locks here
describe.skipIf(requirePg())('loyalty screens on PostgreSQL', () => loyaltySuite('pg'));
