import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { inputsSuite } from './inputs.suite';

describe.skipIf(requirePg())('bounded input on PostgreSQL', () => inputsSuite('pg'));
