// The list reports (002 §2.17–2.19, §7): expired coupons, the omzet recap and customer birthdays. Brand and
// outlet come from the session: coupons and birthdays are the brand's customers (customers are brand-wide),
// the omzet is the session's outlet's completed NORMAL sales. Rules in src/domain/report-lists.ts.
import type { ListReportQuery } from '../../src/api/contract/report';
import {
  ageOn,
  birthdayIn,
  daysUntil,
  omzetDay,
  periodDays,
  phoneLocal,
} from '../../src/domain/report-lists';
import { formatOutletStamp } from '../../src/domain/time-wall';
import type { AppDeps } from '../deps';
import { period } from './reports';
import type { AuthContext } from './sessions';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const ymd = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : s(v).slice(0, 10));

/** Coupons of the brand's customers ending in the period with some left; days left from today (WIB). */
export async function expiredCouponReport(deps: AppDeps, auth: AuthContext, q: ListReportQuery) {
  period(q);
  const rows = await deps.database.query<Row>(
    `SELECT cu.coupon_user_id, c.user_phone, c.user_name, cu.coupon_notes, cu.expired_date::text AS end_date,
       (SELECT sum(l.qty) FROM coupon_user_ledger l WHERE l.coupon_user_id = cu.coupon_user_id) AS qty,
       (SELECT ce.doc->>'coupon_name' FROM catalogue_entities ce WHERE ce.business_id = $1::int
          AND ce.kind = 'coupons' AND ce.entity_id = cu.coupon_id::text ORDER BY ce.business_outlet_id LIMIT 1)
         AS coupon_name,
       (SELECT o.outlet_name FROM pos_sales_trx_heads h JOIN outlets o USING (business_outlet_id)
          WHERE h.local_trx_id = cu.ref_local_trx_id) AS outlet_name
     FROM coupon_users cu JOIN customers c ON c.customer_id = cu.customer_id
     WHERE c.business_id = $1::int AND cu.expired_date >= $2::date AND cu.expired_date <= $3::date
     ORDER BY cu.expired_date, c.user_name, cu.coupon_user_id`,
    [auth.business_id, q.start_date, q.end_date],
  );
  const today = formatOutletStamp(deps.clock.now()).slice(0, 10);
  return rows
    .filter((r) => n(r.qty) > 0)
    .map((r) => ({
      coupon_user_id: n(r.coupon_user_id),
      drv_primary_phone: phoneLocal(s(r.user_phone)),
      name: s(r.user_name),
      coupon_name: s(r.coupon_name),
      coupon_notes: s(r.coupon_notes),
      outlet_name: s(r.outlet_name) || '-',
      qty: n(r.qty),
      end_date: ymd(r.end_date),
      num_of_days: daysUntil(ymd(r.end_date), today),
    }));
}

/**
 * Per WIB day of the period: service and retail net sales, cost (variant cost × qty), fees, net. Each sale's three
 * figures are kept in report_sale_sums (migrations 0080, 0082), so the range is read along its (outlet, day) index:
 * a year of 500,000 sales walked a million lines before (PGlite 4.6 s).
 */
export async function omzetRecapReport(deps: AppDeps, auth: AuthContext, q: ListReportQuery) {
  period(q);
  const rows = await deps.database.query<Row>(
    `SELECT s.trx_day::text AS trx_date, sum(s.o_service) AS service, sum(s.o_retail) AS retail, sum(s.o_cost) AS cost
     FROM report_sale_sums s
     WHERE s.business_outlet_id = $2::int AND s.counted AND s.business_id = $1::int
       AND s.trx_day >= $3::date AND s.trx_day <= $4::date
     GROUP BY s.trx_day ORDER BY s.trx_day`,
    [auth.business_id, auth.outlet_id ?? -1, q.start_date, q.end_date],
  );
  const byDay = new Map(rows.map((r) => [s(r.trx_date), r]));
  return periodDays(q.start_date, q.end_date)
    .filter((d) => byDay.has(d))
    .map((d) => {
      const r = byDay.get(d) as Row;
      return {
        trx_date: d,
        ...omzetDay({
          service: Math.round(n(r.service)),
          retail: Math.round(n(r.retail)),
          cost: Math.round(n(r.cost)),
        }),
      };
    });
}

/** The brand's customers whose birthday falls in the period, with the age they turn. */
export async function birthdayReport(deps: AppDeps, auth: AuthContext, q: ListReportQuery) {
  period(q);
  const rows = await deps.database.query<Row>(
    `SELECT user_code, user_phone, user_name, user_birth_date::text AS birth FROM customers
     WHERE business_id = $1::int AND user_birth_date IS NOT NULL`,
    [auth.business_id],
  );
  return rows
    .map((r) => {
      const birth = ymd(r.birth);
      const day = birthdayIn(birth, q.start_date, q.end_date);
      return day
        ? {
            user_code: s(r.user_code),
            user_phone: phoneLocal(s(r.user_phone)),
            user_name: s(r.user_name),
            user_birth_date: birth,
            birthday: day,
            user_age: ageOn(birth, day),
          }
        : null;
    })
    .filter((r) => r !== null)
    .sort((a, b) => a.birthday.localeCompare(b.birthday) || a.user_name.localeCompare(b.user_name));
}
