// The redeem dialog (000 §2 "Cashier dialogs", §4 "Redeem and coupon dialogs", §5 "Coupon and redeem in a sale",
// 003 §8–9) as a statechart. Opening it with a redeem already set asks 'Item Redeem Telah Diset Sebelumnya' /
// 'Apakah Anda mau menghapusnya?' (yes: the redeem and its lines go, then the types; no: closed). Step 1 is a
// type — QR Code (camera or typed code, 5 s lookup), SMS (reward grid; the code is sent to the customer's
// phone), Direct (reward grid), Agent (the customer's agent transactions) — and step 2 applies what it
// resolved: the redeem is set, and an 'item' reward opens the item dialog (the UI, from the output). The type
// cannot change once QR data is set. Side effects are actors the UI provides (API calls, commands).
import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../api/http';
import type { QrRedeemData, RedeemType, TrxRedeem } from '../domain/model';
import { type RewardLike, redeemItemOf } from '../domain/redeem';
import { REDEEM_TEXTS } from '../domain/texts/redeem';
import { SALE_MESSAGES } from '../domain/texts/sale';
import { validateRedeemLookup, validateRedeemUse } from '../domain/validation-sale';

export interface RedeemCustomer {
  user_code?: string | null;
  user_phone?: string | null;
  user_identifier_string?: string | null;
}

export interface RedeemDialogInput {
  /** redeemTypesFor(config) */
  types: readonly RedeemType[];
  customer: RedeemCustomer | null;
  /** the transaction already has a redeem */
  hasRedeem: boolean;
  /** SMS and Direct: the reward grid (config.reward_redemption_items) */
  rewards: readonly RewardLike[];
}

export interface AgentChoice {
  pos_trx_code: string;
  agent_code?: string | null;
  reward: RewardLike;
}

export interface RedeemDialogContext extends RedeemDialogInput {
  type: RedeemType;
  code: string;
  error: string | null;
  qrData: (QrRedeemData & { scancode?: string }) | null;
  agents: AgentChoice[] | null;
  /** what step 1 resolved */
  chosen: { reward: RewardLike; code: string | null; reward_redeem_sms_id?: number } | null;
}

export type RedeemDialogEvent =
  | { type: 'redeem.confirm' }
  | { type: 'redeem.cancel' }
  | { type: 'redeem.type'; redeemType: RedeemType }
  | { type: 'redeem.code'; code: string }
  | { type: 'redeem.check' }
  | { type: 'redeem.pick'; reward: RewardLike }
  | { type: 'redeem.agent'; pos_trx_code: string };

export interface RedeemDialogOutput {
  /** the redeem set on the transaction (null: closed without one) */
  redeem: TrxRedeem | null;
  /** true when removing an existing redeem was confirmed */
  removed: boolean;
  /** a message for the cashier (the spec's) when the dialog closed on it */
  message: string | null;
}

const messageOf = (e: unknown): string =>
  isApiError(e)
    ? e.kind === 'timeout' || e.kind === 'network'
      ? REDEEM_TEXTS.connectionError
      : e.message
    : e instanceof Error
      ? e.message
      : REDEEM_TEXTS.connectionError;

/** The transaction's redeem from what step 1 resolved (000 §3: redeem_type, redeem_code, redeem_item, qr data). */
export function redeemOf(ctx: Pick<RedeemDialogContext, 'type' | 'chosen' | 'qrData'>): TrxRedeem | null {
  if (!ctx.chosen) return null;
  return {
    redeem_type: ctx.type,
    redeem_code: ctx.chosen.code,
    redeem_item: redeemItemOf(ctx.chosen.reward),
    qr_redeem_data: ctx.type === 'qr' ? (ctx.qrData ?? null) : null,
    ...(ctx.chosen.reward_redeem_sms_id ? { reward_redeem_sms_id: ctx.chosen.reward_redeem_sms_id } : {}),
  } as TrxRedeem;
}

export const redeemDialogMachine = setup({
  types: {
    context: {} as RedeemDialogContext,
    events: {} as RedeemDialogEvent,
    input: {} as RedeemDialogInput,
    output: {} as RedeemDialogOutput,
  },
  actors: {
    /** removes the transaction's redeem and its lines (commands.removeRedeem) */
    removeRedeem: fromPromise<void>(async () => undefined),
    /** GET redeem scan (5 s) */
    scan: fromPromise<QrRedeemData & { scancode?: string }, { code: string }>(async () => ({ details: [] })),
    /** POST SMS redeem */
    sendSms: fromPromise<
      { reward_redeem_sms_id: number },
      { user_identifier_string: string; reward_redemption_item_id: number }
    >(async () => ({ reward_redeem_sms_id: 0 })),
    /** GET agent reward transactions */
    loadAgents: fromPromise<AgentChoice[], { user_code: string }>(async () => []),
    /** sets the redeem on the transaction (commands.setRedeem); rejects with the command's message */
    applyRedeem: fromPromise<void, { redeem: TrxRedeem }>(async () => undefined),
  },
  guards: {
    hasRedeem: ({ context }) => context.hasRedeem,
    noCustomer: ({ context }) => !context.customer,
    typeOffered: ({ context, event }) =>
      event.type === 'redeem.type' &&
      context.types.includes(event.redeemType) &&
      // the type cannot change once QR data is set (000 §4)
      !(context.qrData && event.redeemType !== 'qr'),
    isQr: ({ context }) => context.type === 'qr',
    isSms: ({ context }) => context.type === 'sms',
    isAgent: ({ context }) => context.type === 'agent',
    codeMissing: ({ context }) =>
      validateRedeemUse({ customer: context.customer ?? null, type: 'qr', code: context.code }) !== null,
    phoneMissing: ({ context }) =>
      validateRedeemUse({ customer: context.customer ?? null, type: context.type }) !== null,
  },
}).createMachine({
  id: 'redeemDialog',
  context: ({ input }) => ({
    ...input,
    type: input.types[0] ?? 'qr',
    code: '',
    error: null,
    qrData: null,
    agents: null,
    chosen: null,
  }),
  initial: 'opening',
  output: ({ context }) => ({
    redeem: redeemOf(context),
    removed: false,
    message: context.error,
  }),
  states: {
    opening: {
      always: [
        { guard: 'hasRedeem', target: 'confirmingRemoval' },
        {
          guard: 'noCustomer',
          target: 'closed',
          actions: assign({ error: SALE_MESSAGES.promoCustomerRequired }),
        },
        { target: 'choosing' },
      ],
    },
    confirmingRemoval: {
      on: {
        'redeem.confirm': 'removing',
        'redeem.cancel': 'closed',
      },
    },
    removing: {
      invoke: {
        src: 'removeRedeem',
        onDone: [
          {
            guard: 'noCustomer',
            target: 'closed',
            actions: assign({ hasRedeem: false, error: SALE_MESSAGES.promoCustomerRequired }),
          },
          { target: 'choosing', actions: assign({ hasRedeem: false }) },
        ],
        onError: { target: 'closed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    choosing: {
      initial: 'routing',
      on: {
        'redeem.type': {
          guard: 'typeOffered',
          target: '.routing',
          actions: assign({ type: ({ event }) => event.redeemType, error: null }),
        },
        'redeem.cancel': '#redeemDialog.closed',
      },
      states: {
        routing: {
          always: [
            { guard: 'isQr', target: 'qr' },
            { guard: 'isAgent', target: 'agentLoading' },
            { target: 'rewards' },
          ],
        },
        qr: {
          on: {
            'redeem.code': { actions: assign({ code: ({ event }) => event.code, error: null }) },
            'redeem.check': [
              { guard: 'codeMissing', actions: assign({ error: SALE_MESSAGES.redeemCodeRequired }) },
              { target: 'scanning' },
            ],
          },
        },
        scanning: {
          invoke: {
            src: 'scan',
            input: ({ context }) => ({ code: context.code.trim() }),
            onDone: [
              {
                guard: ({ event }) =>
                  validateRedeemLookup(
                    (event.output.details?.[0]?.reward_redemption_item ?? null) as never,
                  ) !== null,
                target: 'qr',
                actions: assign({ error: SALE_MESSAGES.redeemInvalid }),
              },
              {
                target: '#redeemDialog.applying',
                actions: assign({
                  qrData: ({ event }) => event.output,
                  chosen: ({ context, event }) => ({
                    reward: event.output.details[0].reward_redemption_item as unknown as RewardLike,
                    code: context.code.trim(),
                  }),
                }),
              },
            ],
            onError: { target: 'qr', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        rewards: {
          on: {
            'redeem.pick': [
              { guard: 'phoneMissing', actions: assign({ error: SALE_MESSAGES.redeemPhoneRequired }) },
              {
                guard: ({ event }) => validateRedeemLookup(event.reward as never) !== null,
                actions: assign({ error: SALE_MESSAGES.redeemInvalid }),
              },
              {
                guard: 'isSms',
                target: 'sendingSms',
                actions: assign({
                  chosen: ({ event }) => ({ reward: event.reward, code: null }),
                  error: null,
                }),
              },
              {
                target: '#redeemDialog.applying',
                actions: assign({
                  chosen: ({ event }) => ({ reward: event.reward, code: null }),
                  error: null,
                }),
              },
            ],
          },
        },
        sendingSms: {
          invoke: {
            src: 'sendSms',
            input: ({ context }) => ({
              // the phone the code is sent to (000 §5 'SMS … need the customer's phone', 001 §2.5), checked by
              // the phoneMissing guard before this state
              user_identifier_string: context.customer?.user_phone?.trim() ?? '',
              reward_redemption_item_id: context.chosen?.reward.reward_redemption_item_id ?? 0,
            }),
            onDone: {
              target: '#redeemDialog.applying',
              actions: assign({
                chosen: ({ context, event }) =>
                  context.chosen && {
                    ...context.chosen,
                    reward_redeem_sms_id: event.output.reward_redeem_sms_id,
                  },
              }),
            },
            onError: {
              target: 'rewards',
              actions: assign({ chosen: null, error: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        agentLoading: {
          invoke: {
            src: 'loadAgents',
            input: ({ context }) => ({ user_code: context.customer?.user_code ?? '' }),
            onDone: { target: 'agents', actions: assign({ agents: ({ event }) => event.output }) },
            onError: {
              target: 'agents',
              actions: assign({ agents: [], error: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        agents: {
          on: {
            'redeem.agent': [
              {
                guard: ({ context, event }) =>
                  !context.agents?.some((a) => a.pos_trx_code === event.pos_trx_code) ||
                  validateRedeemLookup(
                    (context.agents?.find((a) => a.pos_trx_code === event.pos_trx_code)?.reward ??
                      null) as never,
                  ) !== null,
                actions: assign({ error: SALE_MESSAGES.redeemInvalid }),
              },
              {
                target: '#redeemDialog.applying',
                actions: assign({
                  chosen: ({ context, event }) => ({
                    reward: context.agents?.find((a) => a.pos_trx_code === event.pos_trx_code)
                      ?.reward as RewardLike,
                    code: event.pos_trx_code,
                  }),
                }),
              },
            ],
          },
        },
      },
    },
    applying: {
      invoke: {
        src: 'applyRedeem',
        input: ({ context }) => ({ redeem: redeemOf(context) as TrxRedeem }),
        onDone: 'applied',
        onError: {
          target: 'choosing',
          actions: assign({ chosen: null, error: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    applied: { type: 'final' },
    closed: {
      type: 'final',
      entry: assign({ chosen: null }),
    },
  },
});
