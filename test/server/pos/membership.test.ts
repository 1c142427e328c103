import { describe } from 'vitest';
import { membershipSuite } from './membership.suite';

describe('membership sale on PGlite', () => membershipSuite('pglite'));
