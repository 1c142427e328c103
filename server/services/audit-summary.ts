// Issue 15: a transaction of the auditor's day, summed up from its events (pure: no database).
import type { AuditTrxSummary } from '../../src/api/contract/audit';

export interface DayEvent {
  event_type: string;
  local_trx_id: string;
  actor_user_id: number | null;
  device_id: string | null;
  event_at: string;
  payload: Record<string, unknown> | null;
  flagged: boolean;
}

type Totals = { drv_gross_total?: number; drv_total_discount_nominal?: number; drv_grand_total?: number };

/** The discount of a step's totals, in percent of the gross (0 when there is no gross). */
export function discountPercent(totals: Totals | undefined): number {
  const gross = Number(totals?.drv_gross_total ?? 0);
  const discount = Number(totals?.drv_total_discount_nominal ?? 0);
  return gross > 0 ? Math.round((discount / gross) * 10_000) / 100 : 0;
}

/** Sums up each transaction's events (given in order) into the day's rows, first event first. */
export function summarise(events: readonly DayEvent[]): AuditTrxSummary[] {
  const byTrx = new Map<string, AuditTrxSummary>();
  for (const e of events) {
    let s = byTrx.get(e.local_trx_id);
    if (!s) {
      s = {
        local_trx_id: e.local_trx_id,
        trx_id: null,
        log_pending: false,
        order_no: null,
        first_at: e.event_at,
        last_at: e.event_at,
        cashier_ids: [],
        device_ids: [],
        events: 0,
        deleted_lines: 0,
        payments_removed: 0,
        voided: false,
        void_reason: null,
        max_discount_percent: 0,
        submitted: false,
        deleted_before_submit: false,
        reprints: 0,
        worker_edits: 0,
        drv_grand_total: null,
        flagged: false,
      };
      byTrx.set(e.local_trx_id, s);
    }
    s.events += 1;
    s.last_at = e.event_at;
    if (e.actor_user_id !== null && !s.cashier_ids.includes(e.actor_user_id))
      s.cashier_ids.push(e.actor_user_id);
    if (e.device_id && !s.device_ids.includes(e.device_id)) s.device_ids.push(e.device_id);
    if (e.flagged) s.flagged = true;
    const p = e.payload ?? {};
    const totals = p.totals as Totals | undefined;
    if (totals) {
      s.max_discount_percent = Math.max(s.max_discount_percent, discountPercent(totals));
      if (typeof totals.drv_grand_total === 'number') s.drv_grand_total = totals.drv_grand_total;
    }
    switch (e.event_type) {
      case 'trx.lineRemoved':
        s.deleted_lines += 1;
        break;
      case 'trx.paymentRemoved':
        s.payments_removed += 1;
        break;
      case 'trx.voided':
        s.voided = true;
        s.void_reason = typeof p.reason === 'string' ? p.reason : null;
        break;
      case 'trx.submitted':
        s.submitted = true;
        if (typeof p.order_no === 'number') s.order_no = p.order_no;
        break;
      case 'trx.deleted':
        if (!s.submitted) s.deleted_before_submit = true;
        break;
      case 'trx.printed':
        if (s.submitted) s.reprints += 1;
        break;
      case 'trx.workersEdited':
      case 'trx.lineWorkersSet':
        s.worker_edits += 1;
        break;
    }
  }
  return [...byTrx.values()];
}
