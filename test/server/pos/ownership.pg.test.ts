import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { ownershipSuite } from './ownership.suite';

describe.skipIf(requirePg())('ownership of saved transactions on PostgreSQL', () => ownershipSuite('pg'));
