import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES as M } from '../../src/domain/texts/session';
import { isAuthenticated } from '../../src/machines/session';
import { advance, forced, networkError, settle, startSession, storedAt } from './session-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sign-out blocking rules (000 §4)', () => {
  it.each([
    [
      'inventory consumption not done',
      { is_inventory_required: 1 },
      { has_done_inventory_consumption: false, has_active_shift: false, open_trx_count: 0 },
      'Wajib melakukan konsumsi produk melalui menu "Inventory - Stok Keluar" sebelum sign out.',
      '/inventory/stock-out',
    ],
    [
      'shift still active',
      { pos_shift_enforced: 1 },
      { has_done_inventory_consumption: true, has_active_shift: true, open_trx_count: 0 },
      'Shift harus diakhiri terlebih dahulu sebelum sign out.',
      '/shift-management',
    ],
    [
      'open transactions with delete by pin',
      { pos_cashier_delete_by_pin: 1 },
      { has_done_inventory_consumption: true, has_active_shift: false, open_trx_count: 2 },
      'Seluruh transaksi harus diselesaikan sebelum sign out.',
      '/pos',
    ],
  ])(
    '%s blocks with its message and links to the screen that unblocks it (ruling 24)',
    async (_name, flags, facts, message, href) => {
      const { actor, rec, messages } = startSession({
        loadStoredSession: storedAt(1, flags),
        loadSignOutFacts: async () => facts,
      });
      await settle();
      actor.send({ type: 'session.signOut' });
      await settle();
      expect(messages()).toEqual([message]);
      expect(rec.notices[0]?.link?.href).toBe(href);
      expect(rec.calls).not.toContain('confirmSignOut');
      expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    },
  );

  // Ruling 25: at an outlet with every flag on, the blocks come in the order a user clears them without
  // undoing one: the consumption, the pending transactions (the cashier needs the shift), the shift's end.
  const MENTENG = { is_inventory_required: 1, pos_shift_enforced: 1, pos_cashier_delete_by_pin: 1 };
  it.each([
    [
      'everything left: the consumption first',
      { has_done_inventory_consumption: false, has_active_shift: true, open_trx_count: 2 },
      M.inventoryRequired,
      { href: '/inventory/stock-out', label: 'Buka Inventory - Stok Keluar' },
    ],
    [
      'the consumption done, a shift and pending work: the pending work, in the cashier, before the end',
      { has_done_inventory_consumption: true, has_active_shift: true, open_trx_count: 2 },
      M.openTransactions,
      { href: '/pos', label: 'Buka Sistem Kasir' },
    ],
    [
      'pending work after the shift ended: the link says to start a shift (the cashier needs one here)',
      { has_done_inventory_consumption: true, has_active_shift: false, open_trx_count: 1 },
      M.openTransactions,
      { href: '/shift-management', label: 'Mulai Shift untuk menyelesaikan transaksi' },
    ],
    [
      'only the shift left: its end',
      { has_done_inventory_consumption: true, has_active_shift: true, open_trx_count: 0 },
      M.shiftActive,
      { href: '/shift-management', label: 'Buka Shift Management' },
    ],
  ])('ruling 25 at Menteng: %s', async (_name, facts, message, link) => {
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(2, MENTENG),
      loadSignOutFacts: async () => facts,
    });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(messages()).toEqual([message]);
    expect(rec.notices[0]?.link).toEqual(link);
    expect(rec.calls).not.toContain('confirmSignOut');
  });

  it('the same facts do not block when the flags are off', async () => {
    const { actor, rec } = startSession({
      loadStoredSession: storedAt(1),
      loadSignOutFacts: async () => ({
        has_done_inventory_consumption: false,
        has_active_shift: true,
        open_trx_count: 3,
      }),
    });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(rec.inputs.confirmSignOut).toEqual([
      { title: 'Apakah Anda yakin ingin sign out?', message: M.signOutConfirmContent },
    ]);
    expect(rec.calls).toContain('signOut');
  });

  it('declining the confirm changes nothing', async () => {
    const { actor, rec } = startSession({
      loadStoredSession: storedAt(1),
      confirmSignOut: async () => false,
    });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(rec.calls).not.toContain('sync');
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('offline: refused before sync', async () => {
    const { actor, rec, messages } = startSession({ loadStoredSession: storedAt(1) }, { online: false });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(messages()).toEqual([M.offline]);
    expect(rec.calls).not.toContain('sync');
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });

  it('a failed sync stops the sign-out before the pending flag', async () => {
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(1),
      sync: async () => {
        throw new Error('Sync gagal');
      },
    });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(messages()).toEqual(['Sync gagal']);
    expect(rec.calls).not.toContain('setPendingSignOut');
    expect(actor.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
  });
});

describe('sign-out (000 §4)', () => {
  it('sync, pending flag, post, toast, clear, signed out after 3 s', async () => {
    const { actor, rec, messages } = startSession({ loadStoredSession: storedAt(1) });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(rec.calls.slice(1)).toEqual([
      'loadSignOutFacts',
      'confirmSignOut',
      'sync',
      'setPendingSignOut',
      'signOut',
      'clearLocalData',
    ]);
    expect(messages()).toEqual(['Proses sign out sukses!']);
    expect(rec.inputs.clearLocalData).toEqual([{ forced: false }]);
    expect(isAuthenticated(actor.getSnapshot())).toBe(true);
    await advance(2999);
    expect(rec.paths).toEqual([]);
    await advance(1);
    expect(rec.paths).toEqual(['/sign-in']);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('a failed post retries every 5 s with its toast, then succeeds', async () => {
    let failures = 2;
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(1),
      signOut: async () => {
        if (failures-- > 0) throw networkError();
      },
    });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(messages()).toEqual(['Gagal melakukan proses sign out, sedang mencoba kembali..']);
    expect(rec.calls).not.toContain('clearLocalData');
    await advance(4999);
    expect(rec.calls.filter((c) => c === 'signOut')).toHaveLength(1);
    await advance(1);
    expect(rec.calls.filter((c) => c === 'signOut')).toHaveLength(2);
    await advance(5000);
    expect(rec.calls.filter((c) => c === 'signOut')).toHaveLength(3);
    expect(messages()).toEqual([M.signOutRetrying, M.signOutRetrying, M.signOutSucceeded]);
    expect(rec.calls.at(-1)).toBe('clearLocalData');
  });
});

describe('forced sign-out (HTTP 303)', () => {
  it('from a configuration load: reset, toast, clear, after 3 s go to /', async () => {
    const { actor, rec, messages } = startSession({
      loadStoredSession: storedAt(1),
      loadConfig: async () => {
        throw forced();
      },
    });
    await settle();
    actor.send({ type: 'session.reloadConfig' });
    await settle();
    expect(messages()).toEqual(['Proses sign out sukses!']);
    expect(rec.calls.at(-1)).toBe('clearLocalData');
    expect(rec.inputs.clearLocalData).toEqual([{ forced: true }]);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(isAuthenticated(actor.getSnapshot())).toBe(false);
    await advance(2999);
    expect(rec.paths).toEqual([]);
    await advance(1);
    expect(rec.paths).toEqual(['/']);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });

  it('from any other call, reported as an event', async () => {
    const { actor, rec } = startSession({ loadStoredSession: storedAt(1) });
    await settle();
    actor.send({ type: 'session.forcedSignOut' });
    await settle();
    expect(actor.getSnapshot().matches('forcedSignOut')).toBe(true);
    expect(rec.calls).toContain('clearLocalData');
  });

  it('during the sign-in confirmation', async () => {
    const { actor } = startSession({
      confirmSignIn: async () => {
        throw forced();
      },
    });
    await settle();
    actor.send({ type: 'session.signIn', email: 'demo@serambi.id', password: 'demo1234' });
    await settle();
    expect(actor.getSnapshot().matches('forcedSignOut')).toBe(true);
  });

  it('during the sign-out post: no retry loop', async () => {
    const { actor, rec } = startSession({
      loadStoredSession: storedAt(1),
      signOut: async () => {
        throw forced();
      },
    });
    await settle();
    actor.send({ type: 'session.signOut' });
    await settle();
    await advance(10_000);
    expect(rec.calls.filter((c) => c === 'signOut')).toHaveLength(1);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(rec.paths).toEqual(['/']);
  });

  it('is ignored while signed out', async () => {
    const { actor, rec } = startSession();
    await settle();
    actor.send({ type: 'session.forcedSignOut' });
    await settle();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(rec.calls).not.toContain('clearLocalData');
  });
});
