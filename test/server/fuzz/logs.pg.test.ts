import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { logsSuite } from './logs.suite';

describe.skipIf(requirePg())('logs keep ids, not documents (PostgreSQL)', () => logsSuite('pg'));
