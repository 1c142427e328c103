// The redeem dialog's statechart (src/machines/redeem-dialog.ts): the confirmation when a redeem is set, each
// type's step 1 → 2 with the spec's messages, the 'QR data set' lock and what it hands the transaction.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/http';
import type { QrRedeemData, TrxRedeem } from '../../src/domain/model';
import type { RewardLike } from '../../src/domain/redeem';
import { REDEEM_TEXTS } from '../../src/domain/texts/redeem';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import {
  type AgentChoice,
  type RedeemDialogInput,
  redeemDialogMachine,
} from '../../src/machines/redeem-dialog';

const reward: RewardLike = {
  reward_redemption_item_id: 901,
  item_name: 'Gratis Cuci & Blow',
  point_amount: 100,
  reward_name: 'Poin Serambi',
  pos_link_type: 'item',
  pos_item_id: 1004,
  item_deduction_type: 'percentage',
  item_deduction_value: 100,
  item_max_qty: 1,
  is_all_variant: 0,
  pos_item_variants: [{ pos_item_variant_id: 10041, variant_price: 50000 }],
};
const customer = { user_code: 'SB26000004', user_phone: '085202890003' };

function start(input: Partial<RedeemDialogInput> = {}, actors: Record<string, unknown> = {}) {
  const applied: TrxRedeem[] = [];
  const calls: string[] = [];
  const machine = redeemDialogMachine.provide({
    actors: {
      removeRedeem: fromPromise(async () => {
        calls.push('remove');
      }),
      scan: fromPromise<QrRedeemData & { scancode?: string }, { code: string }>(async ({ input: i }) => {
        calls.push(`scan:${i.code}`);
        if (i.code === 'SLOW')
          throw new ApiError({ kind: 'timeout', status: 0, statusText: 'timeout', message: 'x' });
        if (i.code === 'BAD')
          throw new ApiError({
            kind: 'http',
            status: 400,
            statusText: 'Bad',
            message: SALE_MESSAGES.redeemInvalid,
          });
        return { user_code: 'SB26000004', details: [{ qty: 1, reward_redemption_item: reward as never }] };
      }),
      sendSms: fromPromise(
        async ({
          input: i,
        }: {
          input: { user_identifier_string: string; reward_redemption_item_id: number };
        }) => {
          calls.push(`sms:${i.user_identifier_string}`);
          return { reward_redeem_sms_id: 7 };
        },
      ),
      loadAgents: fromPromise<AgentChoice[], { user_code: string }>(async () => [
        { pos_trx_code: 'AGT-TKP-0001', agent_code: 'TOKOPEDIA', reward },
      ]),
      applyRedeem: fromPromise(async ({ input: i }: { input: { redeem: TrxRedeem } }) => {
        applied.push(i.redeem);
      }),
      ...(actors as object),
    },
  });
  const actor = createActor(machine, {
    input: {
      types: ['qr', 'sms', 'direct', 'agent'],
      customer,
      hasRedeem: false,
      rewards: [reward],
      ...input,
    },
  });
  actor.start();
  return { actor, applied, calls };
}

describe('redeem dialog statechart', () => {
  it('without a customer it closes with "Customer harus dipilih terlebih dahulu!"', () => {
    const { actor } = start({ customer: null });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toMatchObject({
      redeem: null,
      message: SALE_MESSAGES.promoCustomerRequired,
    });
  });

  it('a redeem already set: confirming removes it and shows the types; cancelling closes', async () => {
    const a = start({ hasRedeem: true });
    expect(a.actor.getSnapshot().value).toBe('confirmingRemoval');
    a.actor.send({ type: 'redeem.confirm' });
    await waitFor(a.actor, (s) => s.matches('choosing'));
    expect(a.calls).toEqual(['remove']);
    const b = start({ hasRedeem: true });
    b.actor.send({ type: 'redeem.cancel' });
    expect(b.actor.getSnapshot().status).toBe('done');
    expect(b.calls).toEqual([]);
  });

  it('QR: a typed code is required, looked up, and sets the redeem with its qr data; then the type is locked', async () => {
    const { actor, applied, calls } = start();
    actor.send({ type: 'redeem.check' });
    expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.redeemCodeRequired);
    expect(calls).toEqual([]);
    actor.send({ type: 'redeem.code', code: ' RDM-KMG-0001 ' });
    actor.send({ type: 'redeem.check' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied[0]).toMatchObject({ redeem_type: 'qr', redeem_code: 'RDM-KMG-0001' });
    expect(applied[0].redeem_item).toMatchObject({ pos_item_id: 1004, reward_redemption_item_id: 901 });
    expect(applied[0].qr_redeem_data?.user_code).toBe('SB26000004');
    expect(actor.getSnapshot().output?.redeem?.redeem_code).toBe('RDM-KMG-0001');
  });

  it('QR: a time-out shows the connection text, a refusal the server message', async () => {
    const { actor } = start();
    actor.send({ type: 'redeem.code', code: 'SLOW' });
    actor.send({ type: 'redeem.check' });
    await waitFor(actor, (s) => s.matches({ choosing: 'qr' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(REDEEM_TEXTS.connectionError);
    actor.send({ type: 'redeem.code', code: 'BAD' });
    actor.send({ type: 'redeem.check' });
    await waitFor(actor, (s) => s.matches({ choosing: 'qr' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.redeemInvalid);
  });

  it('SMS: the customer needs a phone; picking a reward sends the code to that phone and keeps its reward_redeem_sms_id', async () => {
    const noPhone = start({ customer: { user_code: 'X', user_phone: '' } });
    noPhone.actor.send({ type: 'redeem.type', redeemType: 'sms' });
    noPhone.actor.send({ type: 'redeem.pick', reward });
    expect(noPhone.actor.getSnapshot().context.error).toBe(SALE_MESSAGES.redeemPhoneRequired);
    const { actor, applied, calls } = start();
    actor.send({ type: 'redeem.type', redeemType: 'sms' });
    actor.send({ type: 'redeem.pick', reward });
    await waitFor(actor, (s) => s.status === 'done');
    // 000 §5/§7, 001 §2.5: the SMS goes to the customer's phone, sent as user_identifier_string (not the user_code)
    expect(calls).toEqual([`sms:${customer.user_phone}`]);
    expect(applied[0]).toMatchObject({ redeem_type: 'sms', redeem_code: null, reward_redeem_sms_id: 7 });
  });

  it('Direct applies the picked reward; a type the configuration does not offer is ignored', async () => {
    const off = start({ types: ['qr', 'agent'] });
    off.actor.send({ type: 'redeem.type', redeemType: 'direct' });
    expect(off.actor.getSnapshot().context.type).toBe('qr');
    const { actor, applied } = start();
    actor.send({ type: 'redeem.type', redeemType: 'direct' });
    actor.send({ type: 'redeem.pick', reward });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied[0]).toMatchObject({ redeem_type: 'direct', redeem_code: null });
  });

  it("Agent lists the customer's transactions; choosing one sets its pos_trx_code as the code", async () => {
    const { actor, applied } = start();
    actor.send({ type: 'redeem.type', redeemType: 'agent' });
    await waitFor(actor, (s) => s.matches({ choosing: 'agents' }));
    actor.send({ type: 'redeem.agent', pos_trx_code: 'NOPE' });
    expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.redeemInvalid);
    actor.send({ type: 'redeem.agent', pos_trx_code: 'AGT-TKP-0001' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(applied[0]).toMatchObject({ redeem_type: 'agent', redeem_code: 'AGT-TKP-0001' });
  });

  it("a refused apply (the command's message) returns to the types with it", async () => {
    const { actor } = start(
      {},
      {
        applyRedeem: fromPromise(async () => {
          throw new Error(SALE_MESSAGES.redeemInvalid);
        }),
      },
    );
    actor.send({ type: 'redeem.type', redeemType: 'direct' });
    actor.send({ type: 'redeem.pick', reward });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(SALE_MESSAGES.redeemInvalid);
  });
});
