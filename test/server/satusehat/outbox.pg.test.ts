import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { satusehatOutboxSuite } from './outbox.suite';

describe.skipIf(requirePg())('SATUSEHAT outbox on PostgreSQL', () => satusehatOutboxSuite('pg'));
