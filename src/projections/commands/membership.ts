// Step 2 of a membership sale (000 §2 'Aktifkan / Perpanjang Membership'): choosing one in 'Pilih membership'
// stores membership_item and sets the one synthetic line (pos_item_id 1, variant 1, qty 1; name =
// membership_name, price = integer of price); the 'Seller' select sets that line's sellers.
import { membershipLine, membershipSellerMode, sellableMemberships, sellersOf } from '../../domain';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import type { TransactionRecord } from '../../events';
import { EDITABLE, preview, priced, type Runner, refuse, ZERO_TOTALS } from './context';
import type { MembershipCommands } from './types';

export function membershipCommands(r: Runner): MembershipCommands {
  return {
    chooseMembership: ({ local_trx_id, business_membership_id }) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        if (trx.trx_type !== 'MEMBERSHIP_SALES') return refuse(SALE_MESSAGES.membershipNotChosen);
        if (!trx.customer) return refuse(SALE_MESSAGES.membershipCustomerMissing);
        const m = sellableMemberships(ctx.config).find(
          (x) => Number(x.business_membership_id) === Number(business_membership_id),
        );
        if (!m) return refuse(SALE_MESSAGES.membershipNotChosen);
        const existing = trx.details[0];
        if (
          existing &&
          Number(trx.membership_item?.business_membership_id) === Number(m.business_membership_id)
        )
          return { ok: true, events: [], value: {} };
        const fresh = membershipLine(m, {
          local_trx_detail_id: existing?.local_trx_detail_id ?? ctx.newId(),
          local_created_at: existing?.local_created_at ?? ctx.stamp,
        });
        // the sellers chosen stay with the line when another membership is picked
        const line = { ...fresh, item_sellers: existing?.item_sellers ?? [] };
        const chosen = r.event(ctx, local_trx_id, 'trx.membershipItemSet', { membership_item: m });
        const row = preview(trx, chosen) as TransactionRecord;
        const lineEvent = existing
          ? r.event(ctx, local_trx_id, 'trx.lineChanged', { line, log: null, totals: ZERO_TOTALS })
          : r.event(ctx, local_trx_id, 'trx.lineAdded', { line, merged: false, totals: ZERO_TOTALS });
        return { ok: true, events: [chosen, priced(row, lineEvent, ctx.config)], value: {} };
      }),

    setMembershipSellers: ({ local_trx_id, seller_ids }) =>
      r.onTrx(local_trx_id, EDITABLE, (trx, ctx) => {
        const existing = trx.details[0];
        if (trx.trx_type !== 'MEMBERSHIP_SALES' || !existing)
          return refuse(SALE_MESSAGES.membershipNotChosen);
        const mode = membershipSellerMode(ctx.config);
        if (mode === 'none') return { ok: true, events: [], value: {} };
        const ids = mode === 'single' ? seller_ids.slice(0, 1) : seller_ids;
        const line = { ...existing, item_sellers: sellersOf(ctx.config, ids) };
        const event = r.event(ctx, local_trx_id, 'trx.lineChanged', { line, log: null, totals: ZERO_TOTALS });
        return { ok: true, events: [priced(trx, event, ctx.config)], value: {} };
      }),
  };
}
