// Ruling 25 (and 24): sign-out's blocks at every combination of the flags. Each block's link leads to a
// screen the guard opens from where the user stands, and following the links one after the other always
// ends at a sign-out: a chain of blocks is never a trap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consumptionDue,
  type SignOutState,
  STOCK_OUT_PATH,
  signOutBlock,
  type UnblockTarget,
  unblockTarget,
} from '../../src/domain';
import { guard } from '../../src/ui/app/guard';

const stateArb: fc.Arbitrary<SignOutState> = fc.record({
  inventoryRequired: fc.boolean(),
  consumptionDone: fc.boolean(),
  shiftEnforced: fc.boolean(),
  cashierSystem: fc.boolean(),
  shiftActive: fc.boolean(),
  deleteByPin: fc.boolean(),
  openTrxCount: fc.nat({ max: 3 }),
});

const PATHS: Record<UnblockTarget, string> = {
  stockOut: STOCK_OUT_PATH,
  pos: '/pos',
  startShift: '/shift-management',
  endShift: '/shift-management',
};

/** The protected-page guard for this user at this outlet, opening `pathname`. */
const opens = (s: SignOutState, pathname: string) =>
  guard({
    authenticated: true,
    outletId: 2,
    posShiftEnforced: s.shiftEnforced,
    cashierSystem: s.cashierSystem,
    hasActiveShift: s.shiftActive,
    pendingSignOut: false,
    pathname,
    consumptionDue: consumptionDue(s),
  }).kind === 'allow';

/** What the user does on the screen the link opened. */
function act(s: SignOutState, target: UnblockTarget): SignOutState {
  switch (target) {
    case 'stockOut':
      return { ...s, consumptionDone: true };
    case 'pos':
      return { ...s, openTrxCount: 0 };
    case 'startShift':
      return { ...s, shiftActive: true };
    case 'endShift':
      // ruling 25: the shift screen refuses the end while the consumption is due
      expect(consumptionDue(s)).toBe(false);
      return { ...s, shiftActive: false };
  }
}

describe('sign-out blocks (ruling 25)', () => {
  it('Menteng after the shift ended (the newcomer): the consumption, on a stock-out screen that opens', () => {
    const s: SignOutState = {
      inventoryRequired: true,
      consumptionDone: false,
      shiftEnforced: true,
      cashierSystem: true,
      shiftActive: false,
      deleteByPin: true,
      openTrxCount: 0,
    };
    expect(signOutBlock(s)).toBe('inventoryRequired');
    expect(unblockTarget('inventoryRequired', s)).toBe('stockOut');
    expect(opens(s, STOCK_OUT_PATH)).toBe(true);
    // the consumption done, nothing else stands in the way
    expect(signOutBlock({ ...s, consumptionDone: true })).toBeNull();
  });

  it('with a shift and pending work, the pending work comes before the end (the cashier needs the shift)', () => {
    const s: SignOutState = {
      inventoryRequired: true,
      consumptionDone: true,
      shiftEnforced: true,
      cashierSystem: true,
      shiftActive: true,
      deleteByPin: true,
      openTrxCount: 1,
    };
    expect(signOutBlock(s)).toBe('openTransactions');
    expect(unblockTarget('openTransactions', s)).toBe('pos');
    expect(unblockTarget('openTransactions', { ...s, shiftActive: false })).toBe('startShift');
  });

  it('property: every block names a screen the guard opens from where the user stands', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const block = signOutBlock(s);
        if (block === null) return;
        expect(opens(s, PATHS[unblockTarget(block, s)])).toBe(true);
      }),
    );
  });

  it('property: following the links ends at a sign-out within four steps, each block met once', () => {
    fc.assert(
      fc.property(stateArb, (start) => {
        let s = start;
        const met: string[] = [];
        for (let step = 0; step < 4; step++) {
          const block = signOutBlock(s);
          if (block === null) return;
          const target = unblockTarget(block, s);
          expect(opens(s, PATHS[target])).toBe(true);
          met.push(target);
          s = act(s, target);
        }
        expect(signOutBlock(s), `still blocked after ${met.join(' → ')}`).toBeNull();
        expect(new Set(met).size).toBe(met.length);
      }),
    );
  });

  it('property: no block when the flags that raise it are off', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const off = { ...s, inventoryRequired: false, shiftEnforced: false, deleteByPin: false };
        expect(signOutBlock(off)).toBeNull();
      }),
    );
  });
});
