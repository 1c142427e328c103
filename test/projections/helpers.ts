import { createHash } from 'node:crypto';
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach } from 'vitest';
import { type PosTransactionInput, posTransactionSchema } from '../../src/domain/model';
import type { EventOf, PosTransaction, UserData } from '../../src/events';
import {
  type Actor,
  type EventPayloads,
  type EventType,
  makeEvent,
  READ_MODEL_TABLES,
  uuid,
} from '../../src/events';
import { createStore, type Store, type StoreOptions } from '../../src/projections';

/** The chain's SHA-256, synchronous (node:crypto): fake timers cannot wait for crypto.subtle's thread pool. */
export const nodeSha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const opened: Store[] = [];

afterEach(async () => {
  const stores = opened.splice(0);
  for (const store of stores) store.close();
  for (const name of new Set(stores.map((s) => s.db.name))) await Dexie.delete(name);
});

/** A store over a fresh fake-indexeddb database, deleted after the test. */
export function freshStore(options: StoreOptions = {}): Store {
  const store = createStore({ dbName: `test-${uuid()}`, locks: null, digest: nodeSha256, ...options });
  opened.push(store);
  return store;
}

let clock = Date.parse('2026-11-22T01:00:00.000Z');

/** An event with a deterministic, increasing time. */
export function ev<T extends EventType>(
  type: T,
  payload: EventPayloads[T],
  actor: Actor = 'device',
  trxId?: string,
): EventOf<T> {
  clock += 1000;
  return makeEvent(type, payload, { actor, at: new Date(clock), trxId });
}

export function user(id: number, overrides: Partial<UserData> = {}): UserData {
  return {
    client_key: `ck-${id}`,
    login_token: `lt-${id}`,
    business_id: 1,
    business_user_id: id,
    cashier_name: `Kasir ${id}`,
    brand_name: 'Serambi Beauty',
    outlet_id: null,
    signed_in_at: '2026-11-22 08:00:00',
    retrieve_time: '2026-11-22 08:00:00',
    ...overrides,
  };
}

/** Every read-model table's rows, in primary-key order. */
export async function snapshot(store: Store): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of READ_MODEL_TABLES) out[t] = await store.db.table(t).toArray();
  return out;
}

/** A POS transaction as the domain model parses it. */
export function posTrx(local_trx_id: string, extra: Partial<PosTransactionInput> = {}): PosTransaction {
  return posTransactionSchema.parse({ local_trx_id, trx_local_start_time: '2026-11-22 08:00:00', ...extra });
}
