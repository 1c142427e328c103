import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { appointmentSuite } from './appointment.suite';

describe.skipIf(requirePg())('appointments on PostgreSQL', () => appointmentSuite('pg'));
