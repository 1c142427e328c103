// Point redemption by SMS (001 §2.5 /redeem-sms-transaction, §4, §5, §8) as a statechart: the reward items
// load → pick one → the phone (the shared search panel's phone lookup; the customer's name, gender, birth date
// and notes may be edited, 'Change Customer' clears them) → 'Send SMS' ('Nomor HP harus diisi!' without a
// phone) → 'Redeem Code dari SMS' ('Redeem code harus diisi!'; resend 30 s apart, ruling 20) → validated: the
// success modal with the server's message asks for the Purchase No. ('Purchase No. harus diisi!') → 'Simpan'
// → the success dialog, then the flow resets. Time-outs read 'Telah terjadi kesalahan koneksi, silakan coba
// lagi.'; other refusals the server's message. The calls are actors the screen provides.
import { assign, fromPromise, setup } from 'xstate';
import type { Customer } from '../domain/model/customer';
import type { RewardLike } from '../domain/redeem';
import { LOYALTY_TEXTS } from '../domain/texts/loyalty';
import { codeUseMessage } from './code-use';

export interface SmsRedeemContext {
  rewards: RewardLike[];
  reward: RewardLike | null;
  customer: Customer | null;
  /** the customer's fields were edited on this screen (sent as is_edit_user = 1) */
  edited: boolean;
  smsId: number | null;
  code: string;
  purchaseNo: string;
  /** the server's message after the code was accepted */
  message: string | null;
  error: string | null;
  savedMessage: string | null;
}

export type SmsRedeemEvent =
  | { type: 'reward.pick'; reward: RewardLike }
  | { type: 'reward.change' }
  | { type: 'customer.set'; customer: Customer }
  | { type: 'customer.edit'; patch: Partial<Customer> }
  | { type: 'customer.clear' }
  | { type: 'sms.send' }
  | { type: 'sms.resent' }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'purchase.change'; purchaseNo: string }
  | { type: 'purchase.save' }
  | { type: 'done.close' }
  | { type: 'reload' };

export interface SmsSendInput {
  user_identifier_string: string;
  reward_redemption_item_id: number;
  user_name: string | null;
  user_gender: 1 | 2 | null;
  user_birth_date: string | null;
  user_notes: string | null;
  is_edit_user: 0 | 1;
}

/** The phone the SMS goes to: the looked-up customer's phone, else the identifier typed. */
export const smsPhoneOf = (c: Customer | null): string =>
  (c?.user_phone ?? '').trim() ||
  (c?.user_identifier_type === 'phone' ? (c.user_identifier_string ?? '').trim() : '');

const fresh = (rewards: RewardLike[] = []): SmsRedeemContext => ({
  rewards,
  reward: null,
  customer: null,
  edited: false,
  smsId: null,
  code: '',
  purchaseNo: '',
  message: null,
  error: null,
  savedMessage: null,
});

const gender = (v: unknown): 1 | 2 | null => (Number(v) === 1 ? 1 : Number(v) === 2 ? 2 : null);

export const smsRedeemMachine = setup({
  types: {
    context: {} as SmsRedeemContext,
    events: {} as SmsRedeemEvent,
  },
  actors: {
    /** GET cashier/reward-redemption-item */
    loadRewards: fromPromise<RewardLike[]>(async () => []),
    /** POST cashier/sms-redeem-reward → reward_redeem_sms_id */
    send: fromPromise<{ reward_redeem_sms_id: number }, SmsSendInput>(async () => ({
      reward_redeem_sms_id: 0,
    })),
    /** POST cashier/validate-sms-redeem-reward → message */
    validate: fromPromise<string, { reward_redeem_sms_id: number; scancode: string }>(async () => ''),
    /** POST cashier/save-sms-redeem-reward → message */
    save: fromPromise<string, { reward_redeem_sms_id: number; scancode: string; pos_trx_code: string }>(
      async () => '',
    ),
  },
  guards: {
    noPhone: ({ context }) => smsPhoneOf(context.customer) === '',
    codeMissing: ({ context }) => !context.code.trim(),
    purchaseMissing: ({ context }) => !context.purchaseNo.trim(),
  },
}).createMachine({
  id: 'smsRedeem',
  description:
    "001 §2.5 'Penukaran Poin - Melalui SMS': pick a reward → phone and customer → Send SMS → the SMS code → the server's message with Purchase No. → 'Simpan' → reset.",
  context: () => fresh(),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRewards',
        onDone: { target: 'pick', actions: assign({ rewards: ({ event }) => event.output }) },
        onError: { target: 'pick', actions: assign({ error: ({ event }) => codeUseMessage(event.error) }) },
      },
    },
    pick: {
      on: {
        'reward.pick': {
          target: 'customer',
          actions: assign({ reward: ({ event }) => event.reward, error: null }),
        },
        reload: { target: 'loading', actions: assign({ error: null }) },
      },
    },
    customer: {
      on: {
        'reward.change': { target: 'pick', actions: assign({ reward: null, error: null }) },
        'customer.set': {
          actions: assign({ customer: ({ event }) => event.customer, edited: false, error: null }),
        },
        'customer.edit': {
          actions: assign({
            customer: ({ context, event }) =>
              context.customer ? ({ ...context.customer, ...event.patch } as Customer) : null,
            edited: true,
          }),
        },
        'customer.clear': { actions: assign({ customer: null, edited: false, error: null }) },
        'sms.send': [
          { guard: 'noPhone', actions: assign({ error: LOYALTY_TEXTS.phoneRequired }) },
          { target: 'sending', actions: assign({ error: null }) },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'send',
        input: ({ context }) => {
          const c = context.customer;
          return {
            user_identifier_string: smsPhoneOf(c),
            reward_redemption_item_id: Number(context.reward?.reward_redemption_item_id ?? 0),
            user_name: c?.user_name ?? null,
            user_gender: gender(c?.user_gender),
            user_birth_date: c?.user_birth_date ?? null,
            user_notes: c?.user_notes ?? null,
            is_edit_user: context.edited && c?.user_code ? 1 : 0,
          };
        },
        onDone: {
          target: 'code',
          actions: assign({ smsId: ({ event }) => event.output.reward_redeem_sms_id }),
        },
        onError: {
          target: 'customer',
          actions: assign({ error: ({ event }) => codeUseMessage(event.error) }),
        },
      },
    },
    code: {
      on: {
        'code.change': { actions: assign({ code: ({ event }) => event.code, error: null }) },
        'sms.resent': { actions: assign({ code: '', error: null }) },
        'code.submit': [
          { guard: 'codeMissing', actions: assign({ error: LOYALTY_TEXTS.codeRequired }) },
          { target: 'validating', actions: assign({ error: null }) },
        ],
        'customer.clear': { target: 'pick', actions: assign(({ context }) => fresh(context.rewards)) },
      },
    },
    validating: {
      invoke: {
        src: 'validate',
        input: ({ context }) => ({ reward_redeem_sms_id: context.smsId ?? 0, scancode: context.code.trim() }),
        onDone: { target: 'purchaseNo', actions: assign({ message: ({ event }) => event.output }) },
        onError: { target: 'code', actions: assign({ error: ({ event }) => codeUseMessage(event.error) }) },
      },
    },
    purchaseNo: {
      on: {
        'purchase.change': { actions: assign({ purchaseNo: ({ event }) => event.purchaseNo, error: null }) },
        'purchase.save': [
          { guard: 'purchaseMissing', actions: assign({ error: LOYALTY_TEXTS.purchaseNoRequired }) },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          reward_redeem_sms_id: context.smsId ?? 0,
          scancode: context.code.trim(),
          pos_trx_code: context.purchaseNo.trim(),
        }),
        onDone: { target: 'done', actions: assign({ savedMessage: ({ event }) => event.output }) },
        onError: {
          target: 'purchaseNo',
          actions: assign({ error: ({ event }) => codeUseMessage(event.error) }),
        },
      },
    },
    done: {
      on: { 'done.close': { target: 'pick', actions: assign(({ context }) => fresh(context.rewards)) } },
    },
  },
});
