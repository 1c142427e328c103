import { describe } from 'vitest';
import { requirePg } from '../helpers';
import { consumptionReminderSuite } from './consumption-reminder.suite';

describe.skipIf(requirePg())('product consumption and treatment reminder on PostgreSQL', () =>
  consumptionReminderSuite('pg'),
);
