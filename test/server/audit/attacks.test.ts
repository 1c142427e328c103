import { describe } from 'vitest';
import { auditAttacksSuite } from './attacks.suite';

describe('the audit log against its uploader on PGlite', () => auditAttacksSuite('pglite'));
