import { describe, expect, it } from 'vitest';
import { testInstant } from '../setup/test-instant';

describe("the server tests' 'now'", () => {
  it('is the real instant once the WIB day is 90 minutes old', () => {
    const real = new Date('2026-11-28T05:00:00Z'); // 12:00 WIB
    expect(testInstant(real)).toEqual(real);
    const edge = new Date('2026-11-28T18:30:00Z'); // 01:30 WIB
    expect(testInstant(edge)).toEqual(edge);
  });

  it('is 01:30 WIB of the same day just after WIB midnight, so an hour before it is still today', () => {
    expect(testInstant(new Date('2026-11-28T17:00:00Z'))).toEqual(new Date('2026-11-28T18:30:00Z'));
    expect(testInstant(new Date('2026-11-28T17:59:59Z'))).toEqual(new Date('2026-11-28T18:30:00Z'));
  });
});
