import { describe } from 'vitest';
import { requirePg } from './helpers';
import { sessionSuite } from './session.suite';

describe.skipIf(requirePg())('session calls on PostgreSQL', () => sessionSuite('pg'));
