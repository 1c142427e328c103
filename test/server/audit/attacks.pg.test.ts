import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { auditAttacksSuite } from './attacks.suite';

describe.skipIf(requirePg())('the audit log against its uploader on PostgreSQL', () =>
  auditAttacksSuite('pg'),
);
