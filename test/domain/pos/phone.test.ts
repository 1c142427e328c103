import { describe, expect, it } from 'vitest';
import { canonicalPhone, displayPhone, messagingPhone } from '../../../src/domain';

describe('canonicalPhone (ruling 9, the same form as messaging links)', () => {
  it.each([
    ['+6281234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['081234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    [' 0812 3456 7890 ', '6281234567890'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalPhone(input)).toBe(expected);
  });

  it.each(['081234567890', '6281234567890', '81234567890', '+62 812-3456-7890', '0620812'])(
    'agrees with messagingPhone for %s',
    (input) => {
      expect(canonicalPhone(input)).toBe(messagingPhone(input));
    },
  );

  it('answers null without digits (where messagingPhone would give a bare 62)', () => {
    expect(canonicalPhone('')).toBeNull();
    expect(canonicalPhone(null)).toBeNull();
    expect(canonicalPhone('+')).toBeNull();
    expect(canonicalPhone(' - ')).toBeNull();
  });

  it('shows the canonical number with a plus', () => {
    expect(displayPhone('0812345678')).toBe('+62812345678');
    expect(displayPhone(undefined)).toBeNull();
  });
});
