// Issue 14 'Penggunaan Kupon' (000 §2, §4 'Redeem and coupon dialogs', §5): the customer's coupon applied to
// a sale, and removed with the lines added through it. The dialog (src/machines/coupon-dialog.ts) chooses the
// coupon; the server checks and consumes it at submit (server/services/pos/coupon.ts).
import type { TrxCoupon } from '../../domain';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import type { TransactionRecord } from '../../events';
import {
  type CommandContext,
  EDITABLE,
  type Plan,
  priced,
  type Runner,
  refuse,
  ZERO_TOTALS,
} from './context';
import { logEntry } from './lines';
import type { CouponCommands } from './types';

/** The coupon set (or cleared) and the lines of the previous coupon removed, each logged DELETE. */
function couponSet(
  r: Runner,
  ctx: CommandContext,
  trx: TransactionRecord,
  coupon: TrxCoupon | null,
): Plan<object> {
  const removed = trx.details.filter((l) => l.coupon);
  const event = r.event(ctx, trx.local_trx_id, 'trx.couponSet', {
    coupon,
    removedLineIds: removed.map((l) => l.local_trx_detail_id),
    logs: removed.map((l) => logEntry(l, 'DELETE', ctx)),
    totals: ZERO_TOTALS,
  });
  return { ok: true, events: [priced(trx, event, ctx.config)], value: {} };
}

export function couponCommands(r: Runner): CouponCommands {
  return {
    applyCoupon: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        if ((trx.trx_type ?? 'NORMAL') !== 'NORMAL') return refuse(SALE_MESSAGES.couponInvalid);
        if (!trx.customer) return refuse(SALE_MESSAGES.promoCustomerRequired);
        const code = input.coupon.coupon_code ?? input.coupon.coupon_item?.coupon_code;
        if (!code || !String(code).trim()) return refuse(SALE_MESSAGES.couponCodeRequired);
        if (!input.coupon.coupon_item?.pos_link_type) return refuse(SALE_MESSAGES.couponInvalid);
        return couponSet(r, ctx, trx, input.coupon);
      }),
    removeCoupon: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => couponSet(r, ctx, trx, null)),
  };
}
