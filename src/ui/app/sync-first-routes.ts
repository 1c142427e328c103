// The routes that sync first (sync-first.ts has what they show), apart so AppRoutes imports no sync code.

/** history: /trx-history*; stock: the stock list; settlement: the print page; report: a report print page. */
export type SyncFirstKind = 'history' | 'stock' | 'settlement' | 'report';

/**
 * Route patterns (route-table.ts) that sync first. /inventory/history renders the stock list (000 §2).
 * Reports: their print pages; the forms sync on Submit before opening them (002 §2.13), which the
 * reports issue builds (docs/decisions.md).
 */
export const SYNC_FIRST_ROUTES: Readonly<Record<string, SyncFirstKind>> = {
  '/trx-history/:local_trx_id': 'history',
  '/trx-history': 'history',
  '/inventory/stock': 'stock',
  '/inventory/history': 'stock',
  '/settlement/:settlement_type': 'settlement',
  '/report/worker-commission/print': 'report',
  '/report/pos-all-trx/print': 'report',
  '/report/product-consumption/print': 'report',
  '/report/coupon/print': 'report',
  '/report/custom/omzet-recap/print': 'report',
  '/report/customer-birthday/print': 'report',
  '/report/treatment-reminder/print': 'report',
};
