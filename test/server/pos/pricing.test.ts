import { describe } from 'vitest';
import { pricingSuite } from './pricing.suite';

describe('server pricing and repeats on PGlite', () => pricingSuite('pglite'));
