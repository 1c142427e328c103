import { describe } from 'vitest';
import { resetLinkSuite, secretsSuite } from './secrets.suite';

describe('secrets at rest on PGlite', () => secretsSuite('pglite'));
describe('the reset link at rest on PGlite', () => resetLinkSuite('pglite'));
