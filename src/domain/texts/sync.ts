// The sync texts shown to users, verbatim from the specification (typos included) unless listed in
// OWN_TEXTS (./own.ts) with the reason. Import them from here (no other module re-exports them; test/domain/texts-imports.test.ts).
import { shortId } from '../transaction-labels';

/** The specification's texts, verbatim (003 §8); `#{id}` is the short id (last 6 of local_trx_id). */
export const SYNC_MESSAGES = {
  progress: (i: number, n: number) => `Syncing ${i} of ${n} transaction(s)..`,
  synced: (local_trx_id: string) => `Successfully synced transaction #${shortId(local_trx_id)}`,
  failed: (local_trx_id: string) => `Error syncing transaction #${shortId(local_trx_id)}`,
  allSynced: 'All transactions has been synced',
  offline: 'Tidak ada koneksi internet! Silakan cek dan coba kembali',
  failedOverall: 'Sync gagal',
  rejected: 'Transaksi gagal, mohon coba kembali.',
} as const;

export const SYNC_FIRST_TEXTS = {
  /** 002 §2.11 (settlement's full-page loader). */
  settlementLoading: 'Synchronizing Transactions..',
  /** 002 §2.13 (report loader). */
  reportLoading: 'Synchronizing transactions..',
  /** 002 §4: a sync failure before history and settlement. */
  failed: 'Gagal melakukan proses sinkronisasi, silakan mencoba kembali dengan refresh halaman ini.',
  offline: SYNC_MESSAGES.offline,
  /** 003 §8 overall failure: the report forms' general error handling. */
  failedOverall: SYNC_MESSAGES.failedOverall,
} as const;
