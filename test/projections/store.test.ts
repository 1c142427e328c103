import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '../../src/events';
import {
  type AnyProjection,
  LogMovedError,
  lastLogSeq,
  PROJECTIONS,
  type Projection,
} from '../../src/projections';
import { ev, freshStore, posTrx, snapshot, user } from './helpers';

describe('commit', () => {
  it('appends the events with increasing seq and updates the read models', async () => {
    const store = freshStore();
    const stored = await store.commit([
      ev('session.signedIn', { user: user(1) }, 1),
      ev('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Kasir 1' }, 1),
    ]);
    const [more] = await store.commit([
      ev(
        'appointment.trxLoaded',
        { local_appointment_id: 'apt-3', start_time: '2026-11-22 10:00:00', pos_trx: posTrx('t-1') },
        1,
        't-1',
      ),
    ]);
    expect(stored.map((e) => e.seq)).toEqual([1, 2]);
    expect(more.seq).toBe(3);
    expect(await store.db.events.count()).toBe(3);
    expect((await store.db.events.get(3))?.trxId).toBe('t-1');
    expect(await store.getSession()).toMatchObject({ pending_sign_in: 0, user: { login_token: 'lt-1' } });
    expect(await store.getSignHistory()).toEqual([
      { business_user_id: 1, cashier_name: 'Kasir 1', added_seq: 2 },
    ]);
    expect(await store.listTransactions({ trx_status_id: 1 })).toHaveLength(1);
    expect(await store.listTransactions({ trx_status_id: 2 })).toHaveLength(0);
    expect(await store.db.transactions.where('is_synced_key').equals(0).count()).toBe(1);
    expect((await store.getTransaction('t-1'))?.local_appointment_id).toBe('apt-3');
  });

  it('reads give the defaults before anything is committed', async () => {
    const store = freshStore();
    expect(await store.getSession()).toMatchObject({ user: null, pending_sign_in: 0, signed_out: 0 });
    expect(await store.getDevice()).toMatchObject({ displayMode: 'DESKTOP', printerPaperSize: '8cm' });
    expect(await store.getSignHistory()).toEqual([]);
    expect(await store.commit([])).toEqual([]);
  });

  it('is atomic: a reducer that throws aborts the commit, no event appended, no row changed', async () => {
    const refuses: Projection<{ id: string }, string> = {
      table: 'transactions',
      keyOf: (row) => row.id,
      keysOf: (e) => (e.type === 'inventory.consumptionDone' ? ['x'] : []),
      reduce: () => {
        throw new Error('refused');
      },
    };
    const projections: AnyProjection[] = [...PROJECTIONS.filter((p) => p.table !== 'transactions'), refuses];
    const store = freshStore({ projections });
    await store.commit([ev('session.signedIn', { user: user(1) }, 1)]);
    const before = await snapshot(store);
    await expect(
      store.commit([
        ev('device.settingsChanged', { displayMode: 'TABLET' }),
        ev('inventory.consumptionDone', {}),
      ]),
    ).rejects.toThrow('refused');
    expect(await store.db.events.count()).toBe(1);
    expect(await snapshot(store)).toEqual(before);
    // The store still works after an aborted commit.
    await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' })]);
    expect((await store.getDevice()).displayMode).toBe('TABLET');
  });

  it('refuses an unknown event type before writing anything', async () => {
    const store = freshStore();
    const bogus = { ...ev('inventory.consumptionDone', {}), type: 'trx.nonsense' } as unknown as StoredEvent;
    await expect(store.commit([ev('inventory.consumptionDone', {}), bogus])).rejects.toThrow(
      /Unknown event type/,
    );
    expect(await store.db.events.count()).toBe(0);
  });

  it('numbers events itself, ignoring a seq carried in', async () => {
    const store = freshStore();
    await store.commit([ev('inventory.consumptionDone', {})]);
    const carried = { ...ev('session.outletChosen', { outlet_id: 1 }), seq: 1 };
    const [stored] = await store.commit([carried]);
    expect(stored.seq).toBe(2);
    expect(await store.db.events.count()).toBe(2);
  });

  it('refuses a duplicate event id (the log is append-only, ids are unique)', async () => {
    const store = freshStore();
    const e = ev('inventory.consumptionDone', {});
    await store.commit([e]);
    await expect(store.commit([e])).rejects.toThrow();
    expect(await store.db.events.count()).toBe(1);
  });
});

describe('commit ifLastSeq (a plan made ahead, issue 29)', () => {
  it('commits while the log still ends at the seq; once it moved on, refuses with LogMovedError and writes nothing', async () => {
    const store = freshStore();
    expect(await lastLogSeq(store.db)).toBe(0);
    const [first] = await store.commit([ev('session.signedIn', { user: user(1) }, 1)], { ifLastSeq: 0 });
    expect(first.seq).toBe(1);
    const planned = await lastLogSeq(store.db);
    expect(planned).toBe(1);
    // something recorded after the plan was made
    await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' })]);
    const before = await snapshot(store);
    const head = await store.db.chain.get('head');
    await expect(
      store.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' })], { ifLastSeq: planned }),
    ).rejects.toBeInstanceOf(LogMovedError);
    expect(await snapshot(store)).toEqual(before);
    expect(await store.db.chain.get('head')).toEqual(head);
    // the writer goes on: the next commit links onto the same chain
    const [next] = await store.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' })], {
      ifLastSeq: await lastLogSeq(store.db),
    });
    expect(next.seq).toBe(3);
    expect(await store.getDevice()).toMatchObject({ displayMode: 'DESKTOP' });
    expect((await store.db.chain.get('head'))?.n).toBe(3);
  });
});

describe('commit onDurable (issue 29: the receipt goes at the commit itself)', () => {
  it("is told once, from the transaction's complete event: the row is stored, before Dexie's own listeners (the live queries' re-run) and before commit() resolves", async () => {
    const store = freshStore();
    const order: string[] = [];
    // where Dexie's cache middleware (level 0) listens for the end of a transaction to re-run live queries
    store.db.use({
      stack: 'dbcore',
      name: 'probe',
      level: 0,
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          const trans = down.transaction(stores, mode, options);
          if (mode === 'readwrite')
            (trans as unknown as EventTarget).addEventListener('complete', () => order.push('dexie'));
          return trans;
        },
      }),
    });
    await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' })]);
    order.length = 0;
    let seen: Promise<unknown> | null = null;
    await store.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' })], {
      durability: 'strict',
      onDurable: () => {
        order.push('durable');
        // a read begun here already sees the stored row
        seen = store.db.device.get('current');
      },
    });
    order.push('resolved');
    expect(order).toEqual(['durable', 'dexie', 'resolved']);
    expect(await seen).toMatchObject({ displayMode: 'DESKTOP' });
  });

  it('is never told for a commit that was not stored (the log moved on, a reducer refused) and a throw in it is ignored', async () => {
    const store = freshStore();
    await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' })]);
    const told: string[] = [];
    await expect(
      store.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' })], {
        ifLastSeq: 0,
        onDurable: () => told.push('moved'),
      }),
    ).rejects.toBeInstanceOf(LogMovedError);
    const refusing: Projection<unknown> = {
      table: 'device',
      keyOf: () => 'current',
      keysOf: (e) => (e.type === 'device.settingsChanged' ? ['current'] : []),
      reduce: () => {
        throw new Error('refused');
      },
    };
    const strictStore = freshStore({ projections: [refusing] });
    await expect(
      strictStore.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' })], {
        onDurable: () => told.push('refused'),
      }),
    ).rejects.toThrow('refused');
    expect(await strictStore.db.events.count()).toBe(0);
    expect(told).toEqual([]);
    // a throwing hook: the commit stands and resolves
    const [stored] = await store.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' })], {
      onDurable: () => {
        throw new Error('printer gone');
      },
    });
    expect(stored.seq).toBe(2);
    expect(await store.getDevice()).toMatchObject({ displayMode: 'DESKTOP' });
  });
});

describe('durability', () => {
  /** Durability of each read-write transaction over the events table, as IndexedDB saw it. */
  function recordDurability(): { seen: string[]; restore: () => void } {
    const seen: string[] = [];
    const original = IDBDatabase.prototype.transaction;
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: IDBDatabase,
      names,
      mode,
      options,
    ) {
      const list = typeof names === 'string' ? [names] : [...names];
      if (mode === 'readwrite' && list.includes('events')) seen.push(options?.durability ?? 'default');
      return original.call(this, names, mode, options);
    });
    return { seen, restore: () => spy.mockRestore() };
  }

  it("passes 'strict' through to IndexedDB where asked, and only there", async () => {
    const rec = recordDurability();
    try {
      const store = freshStore();
      await store.commit([ev('inventory.consumptionDone', {})]);
      await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' })], { durability: 'strict' });
      await store.commit([ev('inventory.consumptionDone', {})], { durability: 'default' });
      expect(rec.seen).toEqual(['default', 'strict', 'default']);
    } finally {
      rec.restore();
    }
  });

  it('commits the strict event types strictly without being asked', async () => {
    const rec = recordDurability();
    try {
      const store = freshStore({ strictTypes: new Set(['device.settingsChanged']) });
      await store.commit([
        ev('inventory.consumptionDone', {}),
        ev('device.settingsChanged', { displayMode: 'TABLET' }),
      ]);
      await store.commit([ev('inventory.consumptionDone', {})]);
      expect(rec.seen).toEqual(['strict', 'default']);
    } finally {
      rec.restore();
    }
  });
});

describe('rebuild', () => {
  it('replays the whole log into cleared read models', async () => {
    const store = freshStore();
    await store.commit([
      ev('session.signedIn', { user: user(1) }, 1),
      ev('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Kasir 1' }, 1),
      ev('device.settingsChanged', { decimalSeparator: ',', thousandSeparator: '.' }),
      ev('appointment.trxLoaded', {
        local_appointment_id: 'apt-1',
        start_time: '2026-11-22 10:00:00',
        pos_trx: posTrx('t-1'),
      }),
    ]);
    const incremental = await snapshot(store);
    // A read model damaged behind the store's back is restored from the log.
    await store.db.device.clear();
    await store.db.transactions.put({ ...posTrx('stray'), is_synced_key: 0 });
    expect(await store.rebuild()).toEqual({ events: 4 });
    expect(await snapshot(store)).toEqual(incremental);
  });

  it('applies upcasters to old events', async () => {
    // As if device.settingsChanged v1 had been { paper, mode } and v2 is today's shape.
    const store = freshStore({
      versions: { 'device.settingsChanged': 2 },
      upcasters: {
        'device.settingsChanged': {
          1: (p) => {
            const old = p as { paper?: string; mode?: string };
            return { printerPaperSize: old.paper, displayMode: old.mode };
          },
        },
      },
    });
    await store.db.events.add({
      id: 'old-1',
      type: 'device.settingsChanged',
      v: 1,
      at: '2025-01-01T00:00:00.000Z',
      actor: 'device',
      payload: { paper: '6cm', mode: 'TABLET' },
    });
    await store.rebuild();
    expect(await store.getDevice()).toMatchObject({ printerPaperSize: '6cm', displayMode: 'TABLET' });
    // The stored event is never rewritten; reading the log upcasts it again.
    expect((await store.db.events.get(1))?.payload).toEqual({ paper: '6cm', mode: 'TABLET' });
    const [listed] = await store.listEvents();
    expect(listed).toMatchObject({ v: 2, payload: { printerPaperSize: '6cm', displayMode: 'TABLET' } });
  });

  it('leaves the read models untouched when the log cannot be replayed', async () => {
    const store = freshStore();
    await store.commit([ev('device.settingsChanged', { displayMode: 'TABLET' })]);
    await store.db.events.add({
      id: 'future',
      type: 'device.settingsChanged',
      v: 99,
      at: 'x',
      actor: 'device',
      payload: {},
    });
    await expect(store.rebuild()).rejects.toThrow(/newer/);
    expect((await store.getDevice()).displayMode).toBe('TABLET');
  });
});

describe('clearLocalData', () => {
  it('deletes the log and every read model', async () => {
    const store = freshStore();
    await store.commit([
      ev('session.signedIn', { user: user(1) }, 1),
      ev('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Kasir 1' }, 1),
      ev('device.settingsChanged', { displayMode: 'TABLET' }),
      ev('appointment.trxLoaded', {
        local_appointment_id: 'apt-1',
        start_time: '2026-11-22 10:00:00',
        pos_trx: posTrx('t-1'),
      }),
    ]);
    await store.clearLocalData();
    expect(await store.db.events.count()).toBe(0);
    expect(Object.values(await snapshot(store)).every((rows) => rows.length === 0)).toBe(true);
    expect((await store.getSession()).user).toBeNull();
  });

  it('can keep the device settings, re-recorded as the first event of the new log', async () => {
    const store = freshStore();
    await store.commit([
      ev('session.signedIn', { user: user(1) }, 1),
      ev('device.settingsChanged', { printerPaperSize: '6cm' }),
    ]);
    await store.clearLocalData({ keepDeviceSettings: true });
    expect((await store.getDevice()).printerPaperSize).toBe('6cm');
    expect((await store.getSession()).user).toBeNull();
    const events = await store.listEvents();
    expect(events.map((e) => e.type)).toEqual(['device.settingsChanged']);
    await store.rebuild();
    expect((await store.getDevice()).printerPaperSize).toBe('6cm');
  });
});

describe('listEvents', () => {
  it('pages through the log in seq order', async () => {
    const store = freshStore();
    await store.commit([1, 2, 3, 4, 5].map((i) => ev('session.outletChosen', { outlet_id: i })));
    const page = await store.listEvents({ afterSeq: 2, limit: 2 });
    expect(page.map((e) => e.seq)).toEqual([3, 4]);
  });
});
