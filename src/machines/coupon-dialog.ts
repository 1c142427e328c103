// Issue 14 'Penggunaan Kupon' (000 §2 step 2 'Kupon', §4 'Redeem and coupon dialogs', §5 'Coupon and redeem in
// a sale', §8 confirmations): the coupon dialog as a statechart. A coupon already set asks whether to remove
// it; without a customer the dialog refuses; otherwise the customer's coupons are loaded and the cashier
// browses them with a search (cashier_indirect_coupon_redeem = 0) or types / scans the coupon's code (= 1);
// either way the Agent tab lists the coupons partner channels sold the customer (loaded when first opened,
// searchable by pos_trx_code, coupon_name, date, agent_code, coupon_notes and trx_id).
// A typed or scanned code the customer's own list does not hold (an agent's code, a coupon the list lacks) is
// asked of the server (000 §7 coupon QR); the coupon it names is applied when it is this customer's and
// usable today, else 'Kupon tidak valid.'.
// The chosen coupon is applied (transaction.coupon); an 'item' link then opens the item dialog for the linked
// item with the allowed variants and the link's item_max_qty, which cannot be closed: dismissing it asks to
// cancel the coupon, and confirming removes the coupon and its lines. Side effects are named actors, provided
// by the screen (src/ui/features/pos/coupon/CouponDialog.tsx) and faked in tests.
import { assign, fromPromise, setup } from 'xstate';
import {
  type HeldCoupon,
  isUsableCoupon,
  linkedItem,
  type PosItem,
  searchCoupons,
  type TrxCoupon,
  trxCouponOf,
} from '../domain';
import { type AgentCoupon, searchAgentCoupons } from '../domain/coupon-agent';
import { REDEEM_TEXTS } from '../domain/texts/redeem';
import { SALE_MESSAGES } from '../domain/texts/sale';

/** 000 §4 / 003 §8 texts of the dialog's confirmations and its success toast. */
export const COUPON_DIALOG_TEXTS = {
  alreadySetTitle: 'Kupon Telah Diset Sebelumnya',
  alreadySetMessage: 'Apakah Anda mau menghapusnya?',
  cancelTitle: 'Apakah Anda ingin membatalkan pemakaian kupon?',
  cancelMessage: 'Pemakaian kupon akan dibatalkan',
  applied: 'Kupon berhasil diaplikasikan',
} as const;

export interface CouponDialogInput {
  local_trx_id: string;
  /** the transaction has a customer (both dialogs need one) */
  hasCustomer: boolean;
  /** transaction.coupon is already set */
  couponSet: boolean;
  /** cashier_indirect_coupon_redeem = 1: QR / typed code; 0: browse the customer's coupons */
  indirect: boolean;
  /** the outlet's date, YYYY-MM-DD (which coupons are usable) */
  today: string;
  /** the catalogue's items (the linked item's variants) */
  items: readonly PosItem[];
  /** the customer's coupons as the transaction holds them (used when the refresh fails) */
  coupons: readonly HeldCoupon[];
  /** the transaction's customer's user_code (null: a new customer) */
  userCode?: string | null;
}

/** What the server's coupon QR call answers for a code: the held coupon it names and its owner. */
export interface CodeLookup {
  coupon: HeldCoupon;
  user_code: string | null;
}

/** The item dialog the linked coupon line opens: the item with the allowed variants, its max qty, the marker. */
export interface LinkedLine {
  item: PosItem;
  itemMaxQty: number | null;
  marker: { pos_item_id: number };
}

export interface CouponDialogContext extends CouponDialogInput {
  mode: 'browse' | 'qr' | 'agent';
  /** the Agent list, once loaded */
  agentCoupons: AgentCoupon[] | null;
  search: string;
  code: string;
  error: string | null;
  chosen: HeldCoupon | null;
  linked: LinkedLine | null;
}

export type CouponDialogEvent =
  | { type: 'SEARCH'; search: string }
  | { type: 'CODE'; code: string }
  | { type: 'SUBMIT_CODE' }
  | { type: 'PICK'; coupon_user_id: number }
  /** the Agent tab, or back to the outlet's own mode (browse or QR) */
  | { type: 'MODE'; mode: 'agent' | 'own' }
  | { type: 'PICK_AGENT'; pos_trx_code: string }
  | { type: 'CLOSE' }
  | { type: 'ITEM_ADDED' }
  | { type: 'ITEM_DISMISSED' };

/** The coupons shown in browse mode: usable today, matching the search over coupon_name and coupon_notes. */
export const shownCoupons = (c: Pick<CouponDialogContext, 'coupons' | 'search' | 'today'>): HeldCoupon[] =>
  searchCoupons(c.coupons, c.search, c.today);

/** The agent coupons shown in agent mode (000 §2: the six searchable fields). */
export const shownAgentCoupons = (
  c: Pick<CouponDialogContext, 'agentCoupons' | 'search' | 'today'>,
): AgentCoupon[] => searchAgentCoupons(c.agentCoupons ?? [], c.search, c.today);

const byCode = (c: CouponDialogContext): HeldCoupon | undefined =>
  searchCoupons(c.coupons, '', c.today).find((h) => String(h.coupon_user_id) === c.code.trim());

/** The server's coupon is this customer's and can be used today. */
const lookupAccepted = (c: CouponDialogContext, found: CodeLookup): boolean =>
  !!c.userCode &&
  !!found.user_code &&
  found.user_code.toUpperCase() === c.userCode.toUpperCase() &&
  isUsableCoupon(found.coupon, c.today);

const linkedOf = (c: CouponDialogContext): LinkedLine | null => {
  const link = c.chosen?.coupon_detail?.coupon_item ?? null;
  if (link?.pos_link_type !== 'item') return null;
  const item = linkedItem(link, c.items);
  if (!item) return null;
  const max = Number(link.item_max_qty ?? 0);
  return { item, itemMaxQty: max > 0 ? max : null, marker: { pos_item_id: Number(item.pos_item_id) } };
};

export const couponDialogMachine = setup({
  types: {
    context: {} as CouponDialogContext,
    events: {} as CouponDialogEvent,
    input: {} as CouponDialogInput,
  },
  actors: {
    /** The customer's coupons, refreshed (POST cashier/pos/user?retrieve_coupon=1 → active_coupons). */
    loadCoupons: fromPromise<HeldCoupon[], { local_trx_id: string }>(async () => []),
    /** The customer's agent coupon transactions (GET agent coupon transactions ?user_code=). */
    loadAgentCoupons: fromPromise<AgentCoupon[], { local_trx_id: string }>(async () => []),
    /** A code the list does not hold (POST cashier/coupon/redeem/preview {qr_code}); rejects with the refusal. */
    lookupCode: fromPromise<CodeLookup, { code: string }>(async () => {
      throw new Error(SALE_MESSAGES.couponInvalid);
    }),
    /** transaction.coupon set (commands.applyCoupon); rejects with the refusal's message. */
    applyCoupon: fromPromise<void, { local_trx_id: string; coupon: TrxCoupon }>(async () => {}),
    /** transaction.coupon cleared and its lines removed (commands.removeCoupon). */
    removeCoupon: fromPromise<void, { local_trx_id: string }>(async () => {}),
    /** A yes / no question (000 §8); resolves true for yes. */
    confirm: fromPromise<boolean, { title: string; message: string }>(async () => false),
  },
  actions: {
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    openLinkedItem: (_, _params: LinkedLine | null) => {},
  },
  guards: {
    couponSet: ({ context }) => context.couponSet,
    noCustomer: ({ context }) => !context.hasCustomer,
    confirmed: (_, params: { output: boolean }) => params.output,
    codeBlank: ({ context }) => !context.code.trim(),
    codeKnown: ({ context }) => !!byCode(context),
    lookupAccepted: ({ context }, params: { output: CodeLookup }) => lookupAccepted(context, params.output),
    linksAnItem: ({ context }) => linkedOf(context) !== null,
    agentNotLoaded: ({ context, event }) =>
      event.type === 'MODE' && event.mode === 'agent' && context.agentCoupons === null,
  },
}).createMachine({
  id: 'couponDialog',
  description:
    "000 §2/§4/§5 'Penggunaan Kupon': remove a coupon already set, browse (search), type / scan a code or pick an agent's coupon, apply, open the linked item (cannot be closed; cancelling asks and removes the coupon).",
  context: ({ input }) => ({
    ...input,
    mode: input.indirect ? 'qr' : 'browse',
    agentCoupons: null,
    search: '',
    code: '',
    error: null,
    chosen: null,
    linked: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'couponSet', target: 'askingRemoval' },
        {
          guard: 'noCustomer',
          target: 'closed',
          actions: {
            type: 'notify',
            params: { kind: 'error', message: SALE_MESSAGES.promoCustomerRequired },
          },
        },
        { target: 'loading' },
      ],
    },
    askingRemoval: {
      invoke: {
        src: 'confirm',
        input: { title: COUPON_DIALOG_TEXTS.alreadySetTitle, message: COUPON_DIALOG_TEXTS.alreadySetMessage },
        onDone: [
          {
            guard: { type: 'confirmed', params: ({ event }) => ({ output: event.output }) },
            target: 'removing',
          },
          { target: 'closed' },
        ],
        onError: 'closed',
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removeCoupon',
        input: ({ context }) => ({ local_trx_id: context.local_trx_id }),
        onDone: 'closed',
        onError: {
          target: 'closed',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ kind: 'error' as const, message: errorMessage(event.error) }),
          },
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadCoupons',
        input: ({ context }) => ({ local_trx_id: context.local_trx_id }),
        onDone: { target: 'choosing', actions: assign({ coupons: ({ event }) => event.output }) },
        // offline or slow: the coupons the transaction's customer carries (the server checks at submit)
        onError: 'choosing',
      },
    },
    choosing: {
      on: {
        SEARCH: { actions: assign({ search: ({ event }) => event.search }) },
        CODE: { actions: assign({ code: ({ event }) => event.code, error: null }) },
        SUBMIT_CODE: [
          { guard: 'codeBlank', actions: assign({ error: SALE_MESSAGES.couponCodeRequired }) },
          {
            guard: 'codeKnown',
            target: 'applying',
            actions: assign({ chosen: ({ context }) => byCode(context) ?? null, error: null }),
          },
          { target: 'lookingUp', actions: assign({ error: null }) },
        ],
        PICK: {
          target: 'applying',
          actions: assign({
            chosen: ({ context, event }) =>
              context.coupons.find((c) => c.coupon_user_id === event.coupon_user_id) ?? null,
            error: null,
          }),
        },
        MODE: [
          {
            guard: 'agentNotLoaded',
            target: 'loadingAgent',
            actions: assign({ mode: 'agent', error: null }),
          },
          {
            actions: assign({
              mode: ({ context, event }) =>
                event.mode === 'agent' ? 'agent' : context.indirect ? 'qr' : 'browse',
              error: null,
            }),
          },
        ],
        PICK_AGENT: {
          target: 'applying',
          actions: assign({
            chosen: ({ context, event }) =>
              (context.agentCoupons ?? []).find((a) => a.pos_trx_code === event.pos_trx_code) ?? null,
            error: null,
          }),
        },
        CLOSE: 'closed',
      },
    },
    lookingUp: {
      tags: ['busy'],
      invoke: {
        src: 'lookupCode',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: [
          {
            guard: { type: 'lookupAccepted', params: ({ event }) => ({ output: event.output }) },
            target: 'applying',
            actions: assign({ chosen: ({ event }) => event.output.coupon }),
          },
          { target: 'choosing', actions: assign({ error: SALE_MESSAGES.couponInvalid }) },
        ],
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    loadingAgent: {
      tags: ['busy'],
      invoke: {
        src: 'loadAgentCoupons',
        input: ({ context }) => ({ local_trx_id: context.local_trx_id }),
        onDone: { target: 'choosing', actions: assign({ agentCoupons: ({ event }) => event.output }) },
        // offline or slow: the spec's connection message; opening the tab again tries again
        onError: { target: 'choosing', actions: assign({ error: REDEEM_TEXTS.connectionError }) },
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        src: 'applyCoupon',
        input: ({ context }) => ({
          local_trx_id: context.local_trx_id,
          coupon: (context.chosen && trxCouponOf(context.chosen)) as TrxCoupon,
        }),
        onDone: [
          {
            guard: 'linksAnItem',
            target: 'linkedItem',
            actions: [
              assign({ linked: ({ context }) => linkedOf(context) }),
              { type: 'notify', params: { kind: 'success', message: COUPON_DIALOG_TEXTS.applied } },
            ],
          },
          {
            target: 'closed',
            actions: { type: 'notify', params: { kind: 'success', message: COUPON_DIALOG_TEXTS.applied } },
          },
        ],
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => errorMessage(event.error), chosen: null }),
        },
      },
    },
    linkedItem: {
      description: 'The item dialog for the linked item is open; it cannot be closed by the user.',
      entry: { type: 'openLinkedItem', params: ({ context }) => context.linked },
      on: {
        ITEM_ADDED: 'closed',
        ITEM_DISMISSED: 'confirmingCancel',
      },
    },
    confirmingCancel: {
      invoke: {
        src: 'confirm',
        input: { title: COUPON_DIALOG_TEXTS.cancelTitle, message: COUPON_DIALOG_TEXTS.cancelMessage },
        onDone: [
          {
            guard: { type: 'confirmed', params: ({ event }) => ({ output: event.output }) },
            target: 'removing',
          },
          { target: 'linkedItem' },
        ],
        onError: 'linkedItem',
      },
    },
    closed: { type: 'final' },
  },
});

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : SALE_MESSAGES.couponInvalid;
}
