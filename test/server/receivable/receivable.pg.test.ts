import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { receivableSuite } from './receivable.suite';

describe.skipIf(requirePg())('accounts receivable on PostgreSQL', () => receivableSuite('pg'));
