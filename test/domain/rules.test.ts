// One source per rule (issue 10): each rule of the specification is one function of src/domain, read from
// the configuration as posConfigSchema parses it (flags 0/1 whatever the server sent: 1, "1", true).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canVoid,
  deleteNeedsPin,
  hasRoleAccess,
  isVoided,
  posConfigSchema,
  requiresOnlineSubmission,
  voidAllowedFor,
} from '../../src/domain';
import { cashierMachine } from '../../src/machines/cashier';

/** The identity posConfigSchema requires; the flags under test are added per case. */
const IDENTITY = { business_id: 1, business_user_id: 2, cashier_name: 'Kasir', brand_name: 'Serambi' };
const parsed = (flags: Record<string, unknown>) => posConfigSchema.parse({ ...IDENTITY, ...flags });

/** How a 0/1 flag may arrive on the wire, and what it means. */
const wireFlag = fc.constantFrom(
  { raw: 1, on: true },
  { raw: '1', on: true },
  { raw: true, on: true },
  { raw: 0, on: false },
  { raw: '0', on: false },
  { raw: false, on: false },
  { raw: undefined, on: false },
);
const status = fc.constantFrom(1, 2, 3, 4);

describe('void allowed (000 §4 Void: is_void_allowed = 1 and status ≠ 4)', () => {
  it('holds exactly when the flag is on and the sale is not void already', () => {
    fc.assert(
      fc.property(wireFlag, status, (flag, trx_status_id) => {
        const config = parsed({ is_void_allowed: flag.raw });
        expect(canVoid({ trx_status_id }, config)).toBe(flag.on && trx_status_id !== 4);
        expect(isVoided({ trx_status_id })).toBe(trx_status_id === 4);
      }),
    );
  });

  it('the user data flag is the outlet setting AND the group flag (ruling 13)', () => {
    fc.assert(
      fc.property(wireFlag, wireFlag, (outlet, group) => {
        expect(voidAllowedFor(outlet.raw, group.raw)).toBe(outlet.on && group.on ? 1 : 0);
      }),
    );
  });

  it("the cashier statechart's guard is the same rule: no void of a status-4 sale", () => {
    const guard = cashierMachine.implementations.guards.voidAllowed;
    expect(typeof guard).toBe('function');
    fc.assert(
      fc.property(wireFlag, status, (flag, trx_status_id) => {
        const config = parsed({ is_void_allowed: flag.raw });
        const event = { type: 'trx.void', local_trx_id: 'trx-1', trx_status_id } as const;
        // biome-ignore lint/suspicious/noExplicitAny: the guard's xstate arguments, built by hand
        const result = (guard as any)({ context: { config }, event }, undefined);
        expect(result).toBe(canVoid({ trx_status_id }, config));
      }),
    );
  });
});

describe('delete by PIN (000 §4 Delete: pos_cashier_delete_by_pin = 1)', () => {
  it('"1", 1 and true all ask for the authorization; 0, "0", false and absent do not', () => {
    fc.assert(
      fc.property(wireFlag, (flag) => {
        expect(deleteNeedsPin(parsed({ pos_cashier_delete_by_pin: flag.raw }))).toBe(flag.on);
      }),
    );
  });

  it("the cashier statechart's guard is the same rule", () => {
    const guard = cashierMachine.implementations.guards.deleteNeedsPin;
    fc.assert(
      fc.property(wireFlag, (flag) => {
        const config = parsed({ pos_cashier_delete_by_pin: flag.raw });
        // biome-ignore lint/suspicious/noExplicitAny: the guard's xstate arguments, built by hand
        expect((guard as any)({ context: { config }, event: { type: 'trx.delete' } }, undefined)).toBe(
          flag.on,
        );
      }),
    );
  });
});

describe('role access (section 6: auth_role_accesses, 1 = granted)', () => {
  it('is granted only by a 1', () => {
    fc.assert(
      fc.property(wireFlag, (flag) => {
        const config = parsed({ auth_role_accesses: { SAVE_TRANSACTION: flag.raw ?? 0 } });
        expect(hasRoleAccess(config, 'SAVE_TRANSACTION')).toBe(flag.on);
        expect(hasRoleAccess(config, 'UNLISTED')).toBe(false);
      }),
    );
  });
});

describe('online-required submission (000 §4 Submission)', () => {
  const sale = (over: Partial<Parameters<typeof requiresOnlineSubmission>[0]> = {}) => ({
    redeem: null,
    coupon: null,
    payments: [],
    trx_type: 'NORMAL' as const,
    details: [{ itemMeta: { is_stock_out_required: 0 } }],
    ...over,
  });

  it('check_stock_availability_on_trx = 1 (however sent) makes a plain sale online-required', () => {
    fc.assert(
      fc.property(wireFlag, (flag) => {
        const config = parsed({ check_stock_availability_on_trx: flag.raw });
        expect(requiresOnlineSubmission(sale(), config)).toBe(flag.on);
      }),
    );
  });

  it('a deposit payment, a special type or a stock-out item is online-required whatever the flag', () => {
    const config = parsed({});
    expect(requiresOnlineSubmission(sale(), config)).toBe(false);
    expect(requiresOnlineSubmission(sale({ payments: [{ payment_type: 'DEPOSIT' } as never] }), config)).toBe(
      true,
    );
    expect(requiresOnlineSubmission(sale({ trx_type: 'TOP_UP_DEPOSIT' }), config)).toBe(true);
    expect(
      requiresOnlineSubmission(sale({ details: [{ itemMeta: { is_stock_out_required: 1 } }] }), config),
    ).toBe(true);
  });
});
