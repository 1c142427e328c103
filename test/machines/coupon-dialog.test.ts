import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { HeldCoupon, PosItem } from '../../src/domain';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import {
  COUPON_DIALOG_TEXTS,
  type CouponDialogInput,
  couponDialogMachine,
  shownAgentCoupons,
} from '../../src/machines/coupon-dialog';

const haircut: PosItem = {
  pos_item_id: 1001,
  item_name: 'Potong Rambut Wanita',
  pos_item_variants: [
    { pos_item_variant_id: 11, variant_price: 80000 },
    { pos_item_variant_id: 12, variant_price: 120000 },
  ],
} as PosItem;
const held = (id: number, link: Record<string, unknown>, extra: Partial<HeldCoupon> = {}): HeldCoupon => ({
  coupon_user_id: id,
  coupon_id: 801,
  qty: 1,
  start_date: '2026-11-01',
  expired_date: '2026-12-31',
  coupon_notes: id === 1 ? 'hadiah' : null,
  coupon_detail: { coupon_name: `Kupon ${id}`, coupon_item: link as never },
  ...extra,
});
const itemLink = {
  pos_link_type: 'item',
  pos_item_id: 1001,
  item_max_qty: 1,
  is_all_variant: 0,
  pos_item_variants: [{ pos_item_variant_id: 12, variant_price: 120000 }],
};
const discountLink = { pos_link_type: 'discount', discount_percentage: 10 };

function run(
  input: Partial<CouponDialogInput>,
  answers: boolean[] = [],
  server: Record<string, { coupon: HeldCoupon; user_code: string | null }> = {},
) {
  const log: string[] = [];
  const applied: unknown[] = [];
  const opened: unknown[] = [];
  const machine = couponDialogMachine.provide({
    actors: {
      loadAgentCoupons: fromPromise(async () => {
        log.push('agent loaded');
        return [
          {
            ...held(7, discountLink, { coupon_notes: 'Dibeli di Shopee' }),
            pos_trx_code: 'AGT-SHP-0101',
            agent_code: 'SHOPEE',
            trx_id: 'SHP-KPN-0101',
            created_at: '2026-11-25 10:00:00',
          },
          {
            ...held(8, itemLink),
            pos_trx_code: 'AGT-TKP-0102',
            agent_code: 'TOKOPEDIA',
            trx_id: 'TKP-KPN-0102',
            created_at: '2026-11-24 10:00:00',
          },
        ];
      }),
      loadCoupons: fromPromise(async () => [
        held(1, itemLink),
        held(2, discountLink),
        held(3, itemLink, { expired_date: '2026-11-01' }),
      ]),
      lookupCode: fromPromise(async ({ input }) => {
        log.push(`lookup ${input.code}`);
        const found = server[input.code];
        if (!found) throw new Error(SALE_MESSAGES.couponInvalid);
        return found;
      }),
      applyCoupon: fromPromise(async ({ input }) => {
        applied.push(input.coupon);
      }),
      removeCoupon: fromPromise(async () => {
        log.push('removed');
      }),
      confirm: fromPromise(async ({ input }) => {
        log.push(input.title);
        return answers.shift() ?? false;
      }),
    },
    actions: {
      notify: (_, p) => log.push(`${p.kind}: ${p.message}`),
      openLinkedItem: (_, p) => opened.push(p),
    },
  });
  const actor = createActor(machine, {
    input: {
      local_trx_id: 't1',
      hasCustomer: true,
      couponSet: false,
      indirect: false,
      today: '2026-11-26',
      items: [haircut],
      coupons: [],
      userCode: 'SB26000001',
      ...input,
    },
  }).start();
  return { actor, log, applied, opened };
}

describe('the coupon dialog statechart (000 §2, §4, §5, §8)', () => {
  it('without a customer it refuses with the message and closes', () => {
    const { actor, log } = run({ hasCustomer: false });
    expect(actor.getSnapshot().status).toBe('done');
    expect(log).toEqual([`error: ${SALE_MESSAGES.promoCustomerRequired}`]);
  });

  it('browse: only usable coupons, searched by name or notes; a discount coupon applies and closes', async () => {
    const { actor, applied, log } = run({});
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'SEARCH', search: 'hadiah' });
    const { searchCoupons } = await import('../../src/domain');
    expect(
      searchCoupons(actor.getSnapshot().context.coupons, 'hadiah', '2026-11-26').map((c) => c.coupon_user_id),
    ).toEqual([1]);
    actor.send({ type: 'PICK', coupon_user_id: 2 });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied).toMatchObject([
      { coupon_code: '2', coupon_item: { pos_link_type: 'discount', coupon_name: 'Kupon 2' } },
    ]);
    expect(log).toContain(`success: ${COUPON_DIALOG_TEXTS.applied}`);
  });

  it('an item coupon opens the linked item with only its variants and max qty; dismissing asks, and yes removes it', async () => {
    const { actor, opened, log } = run({}, [false, true]);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'PICK', coupon_user_id: 1 });
    await waitFor(actor, (s) => s.matches('linkedItem'));
    expect(opened).toMatchObject([{ itemMaxQty: 1, marker: { pos_item_id: 1001 } }]);
    expect((opened[0] as { item: PosItem }).item.pos_item_variants.map((v) => v.pos_item_variant_id)).toEqual(
      [12],
    );
    actor.send({ type: 'ITEM_DISMISSED' });
    await waitFor(actor, (s) => s.matches('linkedItem'));
    actor.send({ type: 'ITEM_DISMISSED' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(log.filter((l) => l === COUPON_DIALOG_TEXTS.cancelTitle)).toHaveLength(2);
    expect(log.at(-1)).toBe('removed');
  });

  it('QR mode: a blank code, an unknown or expired code are refused with the messages', async () => {
    const { actor, applied } = run({ indirect: true });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.mode).toBe('qr');
    actor.send({ type: 'SUBMIT_CODE' });
    expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.couponCodeRequired);
    actor.send({ type: 'CODE', code: '3' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.couponInvalid);
    actor.send({ type: 'CODE', code: ' 2 ' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied).toHaveLength(1);
  });

  it('QR mode: a code the list lacks is asked of the server (coupon QR) and applied when it is this customer’s', async () => {
    const server = {
      'AGT-SHP-0101': { coupon: held(7, discountLink), user_code: 'sb26000001' },
      '99': { coupon: held(99, discountLink), user_code: 'SB26000002' },
      '98': { coupon: held(98, discountLink, { expired_date: '2026-11-01' }), user_code: 'SB26000001' },
    };
    const { actor, applied, log } = run({ indirect: true }, [], server);
    await waitFor(actor, (s) => s.matches('choosing'));
    // another customer's coupon, and an expired one: refused
    for (const code of ['99', '98']) {
      actor.send({ type: 'CODE', code });
      actor.send({ type: 'SUBMIT_CODE' });
      await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
      expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.couponInvalid);
    }
    // an agent's code, this customer's: applied as its coupon_user_id
    actor.send({ type: 'CODE', code: 'AGT-SHP-0101' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied).toMatchObject([{ coupon_code: '7', coupon_item: { pos_link_type: 'discount' } }]);
    expect(log.filter((l) => l.startsWith('lookup'))).toEqual([
      'lookup 99',
      'lookup 98',
      'lookup AGT-SHP-0101',
    ]);
  });

  it('a new customer (no user_code) cannot use a code the server names', async () => {
    const server = { '7': { coupon: held(7, discountLink), user_code: 'SB26000001' } };
    const { actor, applied } = run({ indirect: true, userCode: null }, [], server);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'CODE', code: '7' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(applied).toEqual([]);
  });

  it('a coupon already set asks to remove it (Kupon Telah Diset Sebelumnya); yes removes it', async () => {
    const { actor, log } = run({ couponSet: true }, [true]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(log).toEqual([COUPON_DIALOG_TEXTS.alreadySetTitle, 'removed']);
  });

  it('agent mode: loads the agent list once, searches its six fields, applies the chosen agent coupon by its coupon_user_id', async () => {
    const { actor, log, applied } = run({ indirect: true });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'MODE', mode: 'agent' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.agentCoupons !== null);
    expect(actor.getSnapshot().context.mode).toBe('agent');
    const shown = (search: string) =>
      shownAgentCoupons({ ...actor.getSnapshot().context, search }).map((a) => a.pos_trx_code);
    expect(shown('')).toEqual(['AGT-SHP-0101', 'AGT-TKP-0102']);
    expect(shown('tokopedia')).toEqual(['AGT-TKP-0102']);
    expect(shown('shp-kpn')).toEqual(['AGT-SHP-0101']);
    expect(shown('2026-11-24')).toEqual(['AGT-TKP-0102']);
    expect(shown('dibeli di')).toEqual(['AGT-SHP-0101']);
    expect(shown('kupon 8')).toEqual(['AGT-TKP-0102']);
    // back to the outlet's own mode (QR) and again to agent: not loaded twice
    actor.send({ type: 'MODE', mode: 'own' });
    expect(actor.getSnapshot().context.mode).toBe('qr');
    actor.send({ type: 'MODE', mode: 'agent' });
    expect(log.filter((l) => l === 'agent loaded')).toHaveLength(1);
    actor.send({ type: 'PICK_AGENT', pos_trx_code: 'AGT-SHP-0101' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied).toEqual([expect.objectContaining({ coupon_code: '7' })]);
    expect(log).toContain(`success: ${COUPON_DIALOG_TEXTS.applied}`);
  });
});
