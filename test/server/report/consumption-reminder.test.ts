import { describe } from 'vitest';
import { consumptionReminderSuite } from './consumption-reminder.suite';

describe('product consumption and treatment reminder on PGlite', () => consumptionReminderSuite('pglite'));
