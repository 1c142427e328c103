import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { registrationSuite } from './registration.suite';

// PostgreSQL: concurrent registrations and status changes take real row locks here
describe.skipIf(requirePg())('registration queue on PostgreSQL', () => registrationSuite('pg'));
