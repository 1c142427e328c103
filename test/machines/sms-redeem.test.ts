// 001 §2.5 / §4 / §5: the SMS redemption statechart — pick → phone and customer → Send SMS → code → the
// server's message with Purchase No. → 'Simpan' → reset; its messages and the edit flag.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Customer } from '../../src/domain';
import type { RewardLike } from '../../src/domain/redeem';
import { LOYALTY_TEXTS } from '../../src/domain/texts/loyalty';
import { type SmsSendInput, smsRedeemMachine } from '../../src/machines/sms-redeem';

const reward = {
  reward_redemption_item_id: 901,
  item_name: 'Gratis Cuci & Blow',
  image_url: '/rewards/901.svg',
  point_amount: 100,
  reward_name: 'Poin Serambi',
} as RewardLike;
const dian = {
  user_code: 'SB26000004',
  user_name: 'Dian',
  user_phone: '081200000004',
  user_identifier_type: 'phone',
  user_identifier_string: '81200000004',
  user_gender: 2,
} as Customer;

function run(opts: { validateFails?: boolean } = {}) {
  const sent: SmsSendInput[] = [];
  const saved: unknown[] = [];
  const machine = smsRedeemMachine.provide({
    actors: {
      loadRewards: fromPromise(async () => [reward]),
      send: fromPromise(async ({ input }) => {
        sent.push(input);
        return { reward_redeem_sms_id: 77 };
      }),
      validate: fromPromise(async ({ input }) => {
        if (opts.validateFails) throw new Error('Redeem tidak valid.');
        return `ok ${input.reward_redeem_sms_id} ${input.scancode}`;
      }),
      save: fromPromise(async ({ input }) => {
        saved.push(input);
        return LOYALTY_TEXTS.trxSuccessText;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent, saved };
}

describe('the SMS redemption statechart (001 §2.5)', () => {
  it('walks pick → phone → send → code → purchase no. → reset, sending the edits once edited', async () => {
    const { actor, sent, saved } = run();
    await waitFor(actor, (s) => s.matches('pick'));
    actor.send({ type: 'reward.pick', reward });
    actor.send({ type: 'sms.send' });
    expect(actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.phoneRequired);
    actor.send({ type: 'customer.set', customer: dian });
    actor.send({ type: 'customer.edit', patch: { user_name: 'Dian Baru' } });
    actor.send({ type: 'sms.send' });
    await waitFor(actor, (s) => s.matches('code'));
    expect(sent).toEqual([
      {
        user_identifier_string: '081200000004',
        reward_redemption_item_id: 901,
        user_name: 'Dian Baru',
        user_gender: 2,
        user_birth_date: null,
        user_notes: null,
        is_edit_user: 1,
      },
    ]);
    actor.send({ type: 'code.submit' });
    expect(actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.codeRequired);
    actor.send({ type: 'code.change', code: ' 123456 ' });
    actor.send({ type: 'code.submit' });
    await waitFor(actor, (s) => s.matches('purchaseNo'));
    expect(actor.getSnapshot().context.message).toBe('ok 77 123456');
    actor.send({ type: 'purchase.save' });
    expect(actor.getSnapshot().context.error).toBe(LOYALTY_TEXTS.purchaseNoRequired);
    actor.send({ type: 'purchase.change', purchaseNo: 'INV-9' });
    actor.send({ type: 'purchase.save' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(saved).toEqual([{ reward_redeem_sms_id: 77, scancode: '123456', pos_trx_code: 'INV-9' }]);
    actor.send({ type: 'done.close' });
    const c = actor.getSnapshot().context;
    expect(actor.getSnapshot().matches('pick')).toBe(true);
    expect([c.reward, c.customer, c.smsId, c.code, c.rewards.length]).toEqual([null, null, null, '', 1]);
  });

  it("a refused code stays on the code step with the server's message; 'Change Customer' clears the customer", async () => {
    const { actor, sent } = run({ validateFails: true });
    await waitFor(actor, (s) => s.matches('pick'));
    actor.send({ type: 'reward.pick', reward });
    actor.send({ type: 'customer.set', customer: dian });
    actor.send({ type: 'customer.clear' });
    expect(actor.getSnapshot().context.customer).toBeNull();
    actor.send({ type: 'customer.set', customer: dian });
    actor.send({ type: 'sms.send' });
    await waitFor(actor, (s) => s.matches('code'));
    expect(sent[0].is_edit_user).toBe(0);
    actor.send({ type: 'code.change', code: '999999' });
    actor.send({ type: 'code.submit' });
    await waitFor(actor, (s) => s.matches('code') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Redeem tidak valid.');
  });
});
