import { describe } from 'vitest';
import { registrationSuite } from './registration.suite';

describe('registration queue on PGlite', () => registrationSuite('pglite'));
