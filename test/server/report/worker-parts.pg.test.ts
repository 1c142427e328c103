import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { workerPartsSuite } from './worker-parts.suite';

describe.skipIf(requirePg())('worker parts kept beside each line on PostgreSQL', () =>
  workerPartsSuite('pg'),
);
