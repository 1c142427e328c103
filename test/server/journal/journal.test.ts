import { describe } from 'vitest';
import { journalSuite } from './journal.suite';

describe('customer journal on PGlite', () => journalSuite('pglite'));
