import { describe } from 'vitest';
import { badInputSuite } from './bad-input.suite';

describe('member side bad input on PGlite', () => badInputSuite('pglite'));
