// The redeem in a sale (000 §2 redeem dialog and banner, §4 "Redeem and coupon dialogs", §5 "Coupon and redeem
// in a sale"): set the redeem the dialog resolved, remove it with the lines it owns ('hapus', the dialog's
// confirmations), and the SMS code typed on the payment step. The reward's 'item' line is added by addItem
// with the redeem marker (lines.ts), so it never merges with a catalogue line.
import { redeemLineIds } from '../../domain';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import { EDITABLE, priced, type Runner, refuse, ZERO_TOTALS } from './context';
import { logEntry } from './lines';
import type { RedeemCommands } from './types';

export function redeemCommands(r: Runner): RedeemCommands {
  return {
    setRedeem: ({ local_trx_id, redeem }) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        if ((trx.trx_type ?? 'NORMAL') !== 'NORMAL') return refuse(SALE_MESSAGES.redeemInvalid);
        if (!trx.customer) return refuse(SALE_MESSAGES.promoCustomerRequired);
        if (trx.redeem) return refuse(SALE_MESSAGES.redeemInvalid);
        const event = r.event(ctx, local_trx_id, 'trx.redeemSet', { redeem, totals: ZERO_TOTALS });
        return { ok: true, events: [priced(trx, event, ctx.config)], value: {} };
      }),

    removeRedeem: (local_trx_id) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        if (!trx.redeem && redeemLineIds(trx).length === 0) return { ok: true, events: [], value: {} };
        const logs = trx.details.filter((l) => l.redeem).map((l) => logEntry(l, 'DELETE', ctx));
        const event = r.event(ctx, local_trx_id, 'trx.redeemRemoved', { logs, totals: ZERO_TOTALS });
        return { ok: true, events: [priced(trx, event, ctx.config)], value: {} };
      }),

    setRedeemCode: ({ local_trx_id, redeem_code }) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        if (!trx.redeem) return refuse(SALE_MESSAGES.redeemInvalid);
        const code = redeem_code?.trim() || null;
        if ((trx.redeem.redeem_code ?? null) === code) return { ok: true, events: [], value: {} };
        return {
          ok: true,
          events: [r.event(ctx, local_trx_id, 'trx.redeemCodeSet', { redeem_code: code })],
          value: {},
        };
      }),
  };
}
