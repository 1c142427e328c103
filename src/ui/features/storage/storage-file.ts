// Storage safety (issue 15): the export of the unsynced sales to a file and its import on another device.
// The import posts each sale exactly as the sync does (POST cashier/pos-trx {is_offline: 1}, keyed by
// local_trx_id), after asking whether the server already holds it: the server's idempotency by
// local_trx_id makes a second import, or an import on a device that also syncs the sale, store it once.
import { isNetworkError } from '../../../api/http';
import type { PosApi } from '../../../api/pos';
import {
  buildExport,
  checkImport,
  type ExportFile,
  type ImportProblem,
} from '../../../domain/storage-safety';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { sha256HexSync } from '../../../events/chain-sha256';
import { postedTrx } from '../../../machines/posted-trx';
import type { Store } from '../../../projections';
import { listOutbox } from '../../../projections/selectors';
import type { KeyValue } from '../../../projections/storage-guard';
import { writeGuard } from '../../../projections/storage-guard';

export const sha256Text = (text: string): string => sha256HexSync(new TextEncoder().encode(text));

/** The export of every unsynced sale on this device, or null when there is none. */
export async function exportUnsynced(store: Store, now: Date): Promise<ExportFile | null> {
  const [session, outbox] = await Promise.all([store.getSession(), listOutbox(store.db)]);
  const user = session.user;
  if (outbox.length === 0 || !user || typeof user.outlet_id !== 'number') return null;
  const ids = new Set(outbox.map((row) => row.local_trx_id));
  const events = (await store.listEvents()).filter((e) => typeof e.trxId === 'string' && ids.has(e.trxId));
  return buildExport(
    {
      exported_at: formatLocalTimestamp(now),
      business_id: typeof user.business_id === 'number' ? user.business_id : null,
      outlet_id: user.outlet_id,
      outlet_name: user.outlet_name ?? null,
      cashier_name: user.cashier_name ?? null,
      sales: outbox.map((row) => ({
        local_trx_id: row.local_trx_id,
        trx: postedTrx(row) as ExportFile['sales'][number]['trx'],
        events: events.filter((e) => e.trxId === row.local_trx_id),
      })),
    },
    sha256Text,
  );
}

/** Remembers the export outside IndexedDB, so a later recovery can say the file holds these sales. */
export function markExported(kv: KeyValue, dbName: string, file: ExportFile): void {
  writeGuard(kv, dbName, {
    last_export: { at: file.exported_at, ids: file.sales.map((s) => s.local_trx_id) },
  });
}

export type ImportOutcome =
  | { ok: true; sent: string[]; already: string[]; failed: string[] }
  | { ok: false; problem: ImportProblem | 'offline' };

/** Checks the file, then sends each sale the server does not hold, one at a time, as the sync does. */
export async function importUnsynced(
  text: string,
  outlet_id: number | null,
  api: Pick<PosApi, 'sync' | 'stored'>,
  now: () => Date,
): Promise<ImportOutcome> {
  const check = checkImport(text, outlet_id, sha256Text);
  if (!check.ok) return check;
  const outcome = {
    ok: true as const,
    sent: [] as string[],
    already: [] as string[],
    failed: [] as string[],
  };
  for (const sale of check.file.sales) {
    try {
      if (await api.stored(sale.local_trx_id)) {
        outcome.already.push(sale.local_trx_id);
        continue;
      }
      const answer = await api.sync(sale.trx as Parameters<PosApi['sync']>[0], formatLocalTimestamp(now()));
      if (answer.status === 'success' && answer.pos_sales_trx_head_id != null)
        outcome.sent.push(sale.local_trx_id);
      else outcome.failed.push(sale.local_trx_id);
    } catch (error) {
      if (isNetworkError(error)) return { ok: false, problem: 'offline' };
      outcome.failed.push(sale.local_trx_id);
    }
  }
  return outcome;
}
