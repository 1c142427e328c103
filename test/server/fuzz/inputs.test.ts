import { describe } from 'vitest';
import { inputsSuite } from './inputs.suite';

describe('bounded input on PGlite', () => inputsSuite('pglite'));
