import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { resetLinkSuite, secretsSuite } from './secrets.suite';

describe.skipIf(requirePg())('secrets at rest on PostgreSQL', () => secretsSuite('pg'));
describe.skipIf(requirePg())('the reset link at rest on PostgreSQL', () => resetLinkSuite('pg'));
