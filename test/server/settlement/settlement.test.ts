import { describe } from 'vitest';
import { settlementSuite } from './settlement.suite';

describe('settlement on PGlite', () => settlementSuite('pglite'));
