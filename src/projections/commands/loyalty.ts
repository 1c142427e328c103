// Loyalty point awards on the device (001 §2.3, ruling 17). The award screen sends an award online first;
// when the server gives no loyalty_trx_head_id (offline, a 5 s time-out, an empty id) the award is saved on
// the device's log ('loyalty.saved'). The sync sends what waits, one at a time under the store's writer lock
// (re-read inside it, so two tabs never send one twice), and records each answer ('loyalty.sent'). The
// server stores an award once per local_trx_id, so a lost answer sent again stays one award.
// A definite refusal (a 400: the server will never take it) is recorded as 'loyalty.refused' with the
// server's message, so it no longer blocks the awards behind it; the screen lists it with its reason.
import type { LoyaltyIngestAnswer, LoyaltyTrx } from '../../api/contract/loyalty';
import { isApiError } from '../../api/http';
import { type Actor, makeEvent } from '../../events';
import type { Store } from '../store';

export interface LoyaltyPort {
  /** POST cashier/loyalty-trx {is_offline, trxs}. */
  ingest(trxs: LoyaltyTrx[], isOffline: 0 | 1): Promise<LoyaltyIngestAnswer[]>;
}

/** The awards saved on the device and not yet sent, oldest first. */
export async function pendingLoyalty(store: Pick<Store, 'db'>): Promise<LoyaltyTrx[]> {
  const events = await store.db.events
    .where('type')
    .anyOf(['loyalty.saved', 'loyalty.sent', 'loyalty.refused'])
    .sortBy('seq');
  const sent = new Set(
    events
      .filter((e) => e.type === 'loyalty.sent' || e.type === 'loyalty.refused')
      .map((e) => (e.payload as { local_trx_id: string }).local_trx_id),
  );
  const waiting = new Map<string, LoyaltyTrx>();
  for (const e of events) {
    if (e.type !== 'loyalty.saved') continue;
    const trx = (e.payload as { trx: LoyaltyTrx }).trx;
    if (!sent.has(trx.local_trx_id) && !waiting.has(trx.local_trx_id)) waiting.set(trx.local_trx_id, trx);
  }
  return [...waiting.values()];
}

/** The awards the server refused for good, with its reason, newest first. */
export async function refusedLoyalty(
  store: Pick<Store, 'db'>,
): Promise<{ trx: LoyaltyTrx; message: string }[]> {
  const events = await store.db.events
    .where('type')
    .anyOf(['loyalty.saved', 'loyalty.refused'])
    .sortBy('seq');
  const saved = new Map<string, LoyaltyTrx>();
  const out: { trx: LoyaltyTrx; message: string }[] = [];
  for (const e of events) {
    if (e.type === 'loyalty.saved') {
      const trx = (e.payload as { trx: LoyaltyTrx }).trx;
      if (!saved.has(trx.local_trx_id)) saved.set(trx.local_trx_id, trx);
    } else {
      const p = e.payload as { local_trx_id: string; message: string };
      const trx = saved.get(p.local_trx_id);
      if (trx) out.unshift({ trx, message: p.message });
    }
  }
  return out;
}

/** A refusal the server will repeat however often the award is sent (not a time-out, offline or a 5xx). */
const definiteRefusal = (e: unknown): string | null =>
  isApiError(e) && e.kind === 'http' && e.status === 400 ? e.message : null;

export function createLoyaltyCommands(options: {
  store: Store;
  api: LoyaltyPort;
  actor: () => Actor | Promise<Actor>;
}) {
  const { store, api } = options;
  return {
    /** Saves an award on the device's log (001 §2.3 'Saving transaction to local device.'). */
    async saveLocal(trx: LoyaltyTrx): Promise<void> {
      const actor = await options.actor();
      await store.commit([makeEvent('loyalty.saved', { trx }, { actor })], {
        durability: 'strict',
      });
    },
    /**
     * Sends every waiting award, one at a time; stops at the first that gets no answer (offline); one the
     * server refuses for good is marked refused and the rest go on. Answers how many still wait.
     */
    async sendPending(): Promise<{ sent: number; unsent: number }> {
      const actor = await options.actor();
      let sent = 0;
      for (const trx of await pendingLoyalty(store)) {
        const ok = await store
          .exclusive(async (writer) => {
            // re-read inside the lock: another tab may have sent it meanwhile
            if (!(await pendingLoyalty(store)).some((t) => t.local_trx_id === trx.local_trx_id)) return true;
            let answer: LoyaltyIngestAnswer | undefined;
            try {
              [answer] = await api.ingest([trx], 1);
            } catch (e) {
              const message = definiteRefusal(e);
              if (message === null) throw e;
              await writer.commit(
                [makeEvent('loyalty.refused', { local_trx_id: trx.local_trx_id, message }, { actor })],
                { durability: 'strict' },
              );
              return 'refused' as const;
            }
            if (!answer?.loyalty_trx_head_id) return false;
            await writer.commit(
              [
                makeEvent(
                  'loyalty.sent',
                  { local_trx_id: trx.local_trx_id, loyalty_trx_head_id: answer.loyalty_trx_head_id },
                  { actor },
                ),
              ],
              { durability: 'strict' },
            );
            return true;
          })
          .catch(() => false);
        if (!ok) break;
        if (ok === true) sent++;
      }
      return { sent, unsent: (await pendingLoyalty(store)).length };
    },
  };
}
