import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { NewEvent, SessionRecord, StoredEvent } from '../../src/events';
import {
  DEVICE_RECORD_DEFAULTS,
  foldEvents,
  PROJECTIONS,
  reduceDevice,
  reduceSession,
  reduceSignHistory,
  reduceTransaction,
  SESSION_DEFAULTS,
  transactionKeys,
} from '../../src/projections';
import { ev, posTrx, user } from './helpers';

let seq = 0;
const stored = (e: NewEvent): StoredEvent => ({ ...e, seq: ++seq }) as StoredEvent;
const run = (events: NewEvent[], state: SessionRecord = SESSION_DEFAULTS): SessionRecord =>
  events.map(stored).reduce(reduceSession, state);

describe('session reducer', () => {
  it('sign-in stores the user data with tokens and sets pending_sign_in', () => {
    const s = run([ev('session.signedIn', { user: user(1) })]);
    expect(s.user?.client_key).toBe('ck-1');
    expect(s.user?.login_token).toBe('lt-1');
    expect(s.pending_sign_in).toBe(1);
    expect(s.signed_out).toBe(0);
  });

  it('confirmation clears pending_sign_in', () => {
    const s = run([ev('session.signedIn', { user: user(1) }), ev('session.signInConfirmed', user(1))]);
    expect(s.pending_sign_in).toBe(0);
    expect(s.user?.business_user_id).toBe(1);
  });

  it('a configuration load replaces the user data but keeps the tokens and takes retrieve_time', () => {
    const { client_key: _c, login_token: _l, ...config } = user(1, { outlet_id: 2, brand_name: 'Baru' });
    const s = run([
      ev('session.signedIn', { user: user(1) }),
      ev('session.configLoaded', { user: config, retrieve_time: '2026-11-22 09:00:00' }),
    ]);
    expect(s.user).toMatchObject({
      client_key: 'ck-1',
      login_token: 'lt-1',
      outlet_id: 2,
      brand_name: 'Baru',
      retrieve_time: '2026-11-22 09:00:00',
    });
  });

  it('choosing an outlet sets outlet_id; without a session it changes nothing', () => {
    const s = run([ev('session.signedIn', { user: user(1) }), ev('session.outletChosen', { outlet_id: 1 })]);
    expect(s.user?.outlet_id).toBe(1);
    expect(run([ev('session.outletChosen', { outlet_id: 1 })])).toEqual(SESSION_DEFAULTS);
    expect(
      run([ev('session.configLoaded', { user: user(3), retrieve_time: '2026-11-22 09:00:00' })]),
    ).toEqual(SESSION_DEFAULTS);
  });

  it('sign-out sets pending_sign_out, completion ends the session', () => {
    const started = run([
      ev('session.signedIn', { user: user(1) }),
      ev('session.signOutStarted', { settlement: 1 }),
    ]);
    expect(started.pending_sign_out).toBe(1);
    expect(started.user).not.toBeNull();
    const done = run([ev('session.signOutCompleted', { settlement: 1 })], started);
    expect(done).toMatchObject({ user: null, pending_sign_out: 0, pending_sign_in: 0, signed_out: 1 });
  });

  it('a forced sign-out sets signed_out and drops the user; a new sign-in clears it', () => {
    const forced = run([
      ev('session.signedIn', { user: user(1) }),
      ev('session.signOutStarted', { settlement: 1 }),
      ev('session.forcedSignOut', {}),
    ]);
    expect(forced).toMatchObject({ user: null, signed_out: 1, pending_sign_out: 0 });
    const again = run([ev('session.signedIn', { user: user(2) })], forced);
    expect(again).toMatchObject({ signed_out: 0, pending_sign_in: 1 });
  });

  it('inventory consumption sets its flag and survives a cashier switch', () => {
    const s = run([
      ev('session.signedIn', { user: user(1) }),
      ev('inventory.consumptionDone', {}),
      ev('session.signOutStarted', { settlement: 0 }),
      ev('session.signOutCompleted', { settlement: 0 }),
      ev('session.signedIn', { user: user(2) }),
    ]);
    expect(s.has_done_inventory_consumption).toBe(1);
    expect(s.user?.business_user_id).toBe(2);
  });

  it('ignores events of other read models and never mutates its input', () => {
    const before = run([ev('session.signedIn', { user: user(1) })]);
    const copy = structuredClone(before);
    expect(reduceSession(before, stored(ev('device.settingsChanged', { displayMode: 'TABLET' })))).toBe(
      before,
    );
    run([ev('session.configLoaded', { user: user(1, { outlet_id: 2 }), retrieve_time: 'x' })], before);
    expect(before).toEqual(copy);
  });
});

describe('device reducer', () => {
  it('starts from the spec defaults and changes only the given settings', () => {
    expect(DEVICE_RECORD_DEFAULTS).toEqual({
      id: 'current',
      displayMode: 'DESKTOP',
      printerPaperSize: '8cm',
      decimalSeparator: '.',
      thousandSeparator: ',',
      // issue 29: the browser's print dialog stays the default
      printerKind: 'browser',
      printerCodepage: 'auto',
      printerDevice: '',
      cashDrawer: false,
    });
    const s = reduceDevice(
      DEVICE_RECORD_DEFAULTS,
      stored(ev('device.settingsChanged', { printerPaperSize: '6cm', displayMode: undefined })),
    );
    expect(s).toEqual({ ...DEVICE_RECORD_DEFAULTS, printerPaperSize: '6cm' });
  });
});

describe('sign history reducer', () => {
  it('adds a cashier once, in order of first confirmed sign-in', () => {
    const events = [
      ev('session.signInConfirmed', { business_user_id: 5, cashier_name: 'Ani' }),
      ev('session.signInConfirmed', { business_user_id: 6, cashier_name: 'Budi' }),
      ev('session.signInConfirmed', { business_user_id: 5, cashier_name: 'Ani' }),
      ev('session.signedIn', { user: user(7) }),
    ].map(stored);
    const list = events.reduce(reduceSignHistory, []);
    expect(list.map((e) => [e.business_user_id, e.cashier_name])).toEqual([
      [5, 'Ani'],
      [6, 'Budi'],
    ]);
  });
});

describe('transactions reducer', () => {
  it("adds an appointment's pos_trx with trx_status_id 1 and the appointment link", () => {
    const row = reduceTransaction(
      undefined,
      stored(
        ev('appointment.trxLoaded', {
          local_appointment_id: 'apt-1',
          start_time: '2026-11-22 10:00:00',
          pos_trx: posTrx('t-1'),
        }),
      ),
    );
    expect(row).toMatchObject({
      local_trx_id: 't-1',
      trx_status_id: 1,
      local_appointment_id: 'apt-1',
      is_synced: false,
      is_synced_key: 0,
      details: [],
    });
  });

  it('an appointment without pos_trx adds no transaction', () => {
    const e = stored(
      ev('appointment.trxLoaded', { local_appointment_id: 'a', start_time: '2026-11-22 10:00:00' }),
    );
    expect(transactionKeys(e)).toEqual([]);
    expect(reduceTransaction(undefined, e)).toBeUndefined();
  });

  it('a reload refreshes an untouched appointment but keeps one checked out on the device', () => {
    const first = reduceTransaction(
      undefined,
      stored(
        ev('appointment.trxLoaded', {
          local_appointment_id: 'a',
          start_time: '2026-11-22 10:00:00',
          pos_trx: posTrx('t-1', { trx_notes: 'x' }),
        }),
      ),
    );
    const reload = stored(
      ev('appointment.trxLoaded', {
        local_appointment_id: 'a',
        start_time: '2026-11-22 10:00:00',
        pos_trx: posTrx('t-1', { trx_notes: 'y' }),
      }),
    );
    expect(reduceTransaction(first, reload)?.trx_notes).toBe('y');
    const checkedOut = { ...first!, trx_status_id: 2 as const };
    expect(reduceTransaction(checkedOut, reload)).toBe(checkedOut);
  });
});

describe('foldEvents', () => {
  it('folds every projection into its own table', () => {
    const state = foldEvents(
      PROJECTIONS,
      [
        ev('session.signedIn', { user: user(1) }),
        ev('device.settingsChanged', { thousandSeparator: '.' }),
        ev('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Kasir 1' }),
      ].map(stored),
    );
    expect(state.get('session')?.get('current')).toMatchObject({ pending_sign_in: 0 });
    expect(state.get('device')?.get('current')).toMatchObject({ thousandSeparator: '.' });
    expect([...(state.get('signHistory')?.keys() ?? [])]).toEqual([1]);
    expect(state.get('transactions')?.size).toBe(0);
  });
});
