// Storage safety (issue 15): recovery when the device database is lost or corrupt, loaded only when the start
// check (storage-guard.ts) finds a problem; src/ui/features/storage/recover.ts gives it the server. It deletes
// and reopens the database, restores the session and the active shifts from the copy kept outside IndexedDB,
// reloads the configuration from the server (GET cashier/config, the sign-in's loader), asks the server which
// of the sales known to be unsynced it holds, and records which could not be recovered for the cashier.
import type { ConfigResponse } from '../api/contract';
import { lostSales } from '../domain/storage-safety';
import { formatLocalTimestamp } from '../domain/time-wall';
import { type Actor, makeEvent, type NewEvent, type UserData } from '../events';
import {
  type KeyValue,
  type RecoveryNotice,
  readGuard,
  type StorageProblem,
  writeGuard,
  writeRecoveryNotice,
} from './storage-guard';
import type { Store } from './store';

/** What the recovery asks the server (the app's API with the copied session's tokens). */
export interface RecoveryServer {
  loadConfig(outlet_id: number | null): Promise<ConfigResponse>;
  /** Does the server hold this sale (GET cashier/pos-trx/{local_trx_id})? */
  holds(local_trx_id: string): Promise<boolean>;
}

export interface RecoverOptions {
  kv: KeyValue;
  /** Built from the copied session (its tokens): null when no session was copied. */
  server: (user: UserData | null) => RecoveryServer;
  now?: () => Date;
}

const withoutTokens = (user: UserData): UserData => {
  const { client_key: _ck, login_token: _lt, ...rest } = user;
  return rest as UserData;
};

export async function recoverDatabase(
  store: Store,
  problem: StorageProblem,
  options: RecoverOptions,
): Promise<RecoveryNotice> {
  const { kv } = options;
  const now = options.now ?? (() => new Date());
  const name = store.db.name;
  const mirror = readGuard(kv, name);
  const user = mirror?.user ?? null;

  // 1. A database IndexedDB refuses is deleted and made again, empty.
  if (problem === 'unopenable') {
    store.close();
    await store.db.delete();
    await store.db.open();
  }

  // 2. The session and the active shifts, as the copy holds them.
  const actor: Actor = typeof user?.business_user_id === 'number' ? user.business_user_id : 'device';
  const events: NewEvent[] = [];
  if (user) {
    events.push(makeEvent('session.signedIn', { user }, { actor }));
    events.push(
      makeEvent(
        'session.signInConfirmed',
        { business_user_id: user.business_user_id, cashier_name: user.cashier_name },
        { actor },
      ),
    );
  }
  for (const shift of mirror?.shifts ?? []) {
    events.push(makeEvent('shift.started', shift.opening, { actor }));
    for (const expense of shift.expenses) {
      events.push(
        makeEvent(
          'shift.expenseAdded',
          { local_shift_id: shift.opening.local_shift_id, ...expense },
          { actor },
        ),
      );
    }
  }
  if (events.length > 0) await store.commit(events);

  // 3. What the server holds: the configuration, and which of the unsynced sales reached it.
  const server = options.server(user);
  if (user) {
    try {
      const config = await server.loadConfig(user.outlet_id ?? null);
      await store.commit([
        makeEvent(
          'session.configLoaded',
          {
            user: withoutTokens({ ...config, outlet_id: user.outlet_id ?? config.outlet_id } as UserData),
            retrieve_time: String(config.retrieve_time ?? ''),
          },
          { actor },
        ),
      ]);
    } catch {
      // offline or refused: the copied configuration stays; Home's "Perbarui Konfigurasi" reloads it
    }
  }
  const known = mirror?.unsynced ?? [];
  const held = new Set<string>();
  for (const sale of known) {
    try {
      if (await server.holds(sale.local_trx_id)) held.add(sale.local_trx_id);
    } catch {
      // not known to be held: listed as not recovered
    }
  }
  const exported = new Set(mirror?.last_export?.ids ?? []);
  const notice: RecoveryNotice = {
    at: formatLocalTimestamp(now()),
    reason: problem,
    known: mirror !== null,
    lost: lostSales(known, held, exported),
  };
  writeRecoveryNotice(kv, name, notice);
  // the lost sales are in the notice now; the copy follows the new database from here
  writeGuard(kv, name, { unsynced: [] });
  return notice;
}
