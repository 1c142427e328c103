import { describe } from 'vitest';
import { appointmentSuite } from './appointment.suite';

describe('appointments on PGlite', () => appointmentSuite('pglite'));
