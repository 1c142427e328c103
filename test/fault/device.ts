// One browser device in Node: the real event store on fake-indexeddb, the real cashier commands, the
// real submission send and sync service, the real API client — over a fetch the caller chooses.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { pick, type Rng, rngUuid } from '../../server/db/demo/prng';
import { createCustomerApi } from '../../src/api/customer';
import { type ApiAuth, createApiClient } from '../../src/api/http';
import { createPosApi, type PosApi } from '../../src/api/pos';
import { createSessionApi } from '../../src/api/session';
import { eligibleWorkers } from '../../src/domain/commission';
import { sellableMemberships } from '../../src/domain/membership-sale';
import type { Customer, PaymentMethod, PosItem } from '../../src/domain/model';
import { type PosConfig, posConfigSchema } from '../../src/domain/model';
import { paymentStatus } from '../../src/domain/payments';
import { requiresOnlineSubmission } from '../../src/domain/transaction-rules';
import { createSubmissionSend } from '../../src/machines/submission-send';
import { createSyncService, type SyncService } from '../../src/machines/sync-service';
import { createStore, type Store } from '../../src/projections';
import { type CashierCommands, createCashierCommands } from '../../src/projections/commands';
import { listOutbox } from '../../src/projections/selectors';

export interface Device {
  store: Store;
  /** The configuration the commands read now (see configure). */
  readonly config: PosConfig;
  /** Known customers as the cashier's Set Customer finds them (DeviceOptions.customerCodes). */
  customers: Customer[];
  /** Changes the device's configuration from the next command on (e.g. check_stock_availability_on_trx). */
  configure(overrides: Partial<PosConfig>): void;
  commands: CashierCommands;
  sync: SyncService;
  /** The sales calls over the device's (faulty) fetch. */
  pos: PosApi;
  /** The same calls over the plain fetch with a long time-out (the replay's). */
  plainPos: PosApi;
  outboxSize(): Promise<number>;
  close(): Promise<void>;
}

export interface DeviceOptions {
  baseUrl: string;
  /** The fetch the sales calls go through (the fault injector); sign-in uses the plain fetch. */
  fetchImpl: typeof fetch;
  rng: Rng;
  /** The API client's time-out for sync posts (ms). */
  timeoutMs: number;
  email?: string;
  outletId?: number;
  /** Device-side configuration overrides (the server's ingest does not read them). */
  configOverrides?: Partial<PosConfig>;
  /** user_codes of known customers to look up at start (credit sales need one). */
  customerCodes?: string[];
  /** Sales per batch request of the sync service (default the app's SYNC_BATCH; 0: one sale per request). */
  batch?: number;
}

/** Signs in with the plain fetch, loads the outlet's configuration and builds the device. */
export async function createDevice(options: DeviceOptions): Promise<Device> {
  let auth: ApiAuth | null = null;
  const plain = createApiClient({ baseUrl: options.baseUrl, getAuth: () => auth, defaultTimeoutMs: 60_000 });
  const session = createSessionApi(plain);
  const signedIn = await session.signIn({ email: options.email ?? 'demo@serambi.id', password: 'demo1234' });
  auth = { client_key: signedIn.client_key, login_token: signedIn.login_token };
  const served = posConfigSchema.parse(await session.loadConfig(options.outletId ?? 1));
  let config: PosConfig = { ...served, ...options.configOverrides };
  // found the way Set Customer finds a pick from the Nama search (identifier type 'search' = user_code)
  const customerApi = createCustomerApi(plain);
  const customers: Customer[] = [];
  for (const code of options.customerCodes ?? [])
    customers.push(
      (await customerApi.findCustomer({
        user_identifier_type: 'search',
        user_identifier_string: code,
      })) as Customer,
    );
  const actor = typeof config.business_user_id === 'number' ? config.business_user_id : 'device';

  const store = createStore({ dbName: `fault-${rngUuid(options.rng)}`, locks: null });
  const client = createApiClient({
    baseUrl: options.baseUrl,
    getAuth: () => auth,
    fetchImpl: options.fetchImpl,
    defaultTimeoutMs: options.timeoutMs,
  });
  const pos = createPosApi(client);
  const commands = createCashierCommands({
    store,
    getConfig: () => config,
    actor: () => actor,
    newId: () => rngUuid(options.rng),
  });
  const sync = createSyncService({
    store,
    posApi: pos,
    isOnline: () => true,
    actor: () => actor,
    batch: options.batch,
  });
  return {
    store,
    get config() {
      return config;
    },
    configure: (overrides) => {
      config = { ...config, ...overrides };
    },
    customers,
    commands,
    sync,
    pos,
    plainPos: createPosApi(plain),
    outboxSize: async () => (await listOutbox(store.db)).length,
    close: async () => {
      store.close();
      await Dexie.delete(store.db.name);
    },
  };
}

/** Items a cashier sells with a tap and a worker: no package, no modifiers, no stock-out step first. */
export function sellableItems(config: PosConfig): PosItem[] {
  return config.pos_items.filter(
    (i) =>
      Number(i.is_package) !== 1 &&
      Number(i.is_stock_out_required ?? 0) !== 1 &&
      (i.pos_item_pos_item_modifiers ?? []).length === 0 &&
      (i.pos_item_variants ?? []).length > 0,
  );
}

export interface SaleOutcome {
  local_trx_id: string;
  /** NORMAL, or a special sale (issue 14): TOP_UP_DEPOSIT or MEMBERSHIP_SALES. */
  trx_type?: 'NORMAL' | 'TOP_UP_DEPOSIT' | 'MEMBERSHIP_SALES';
  /** Paid in part or whole by a CREDIT (piutang) payment, for this much: the server opens a receivable. */
  credit: number;
  /** Payments the customer's arrival took away (a member discount moved the total) and paid again. */
  paymentsRemoved: number;
  completed: boolean;
  offline: boolean;
  onlineRequired: boolean;
  submitAttempts: number;
  /** Refusals met on the way (a refused line is skipped, as a cashier would), the submit's included. */
  refusals: string[];
}

const must = <T extends object>(r: ({ ok: true } & T) | { ok: false; message: string }, what: string): T => {
  if (!r.ok) throw new Error(`${what} refused: ${r.message}`);
  return r;
};

/**
 * One random sale through the commands: 1–4 lines (random item, variant, qty 1–3, a worker, sometimes
 * an item discount), sometimes a global percentage discount, paid in cash (with change), by card, or
 * both; then submitted online (through the faulty fetch) or offline. Online-required sales (items
 * requiring stock out) are tapped again until the server accepts them, as a cashier would.
 * With `creditCustomer`, a known customer is set (before paying, or after a first payment, which a
 * member discount then takes away) and part or all of what remains is paid by credit (piutang).
 */
export async function randomSale(
  device: Device,
  rng: Rng,
  options: {
    offline: boolean;
    submitTimeoutMs: number;
    maxSubmitAttempts?: number;
    creditCustomer?: Customer | null;
  },
): Promise<SaleOutcome> {
  const { commands, config } = device;
  const refusals: string[] = [];
  let credit = 0;
  let paymentsRemoved = 0;
  const salesType = config.sales_type.length > 0 ? pick(rng, config.sales_type) : null;
  const { local_trx_id } = must(
    await commands.startTransaction({
      trx_type: 'NORMAL',
      pos_salesType_id: salesType ? Number(salesType.pos_salesType_id) : null,
    }),
    'startTransaction',
  );
  const items = sellableItems(config);
  const lines = 1 + Math.floor(rng() * 4);
  let added = 0;
  for (let tries = 0; added < lines && tries < lines + 10; tries++) {
    const item = pick(rng, items);
    const variant = pick(rng, item.pos_item_variants);
    const workers = eligibleWorkers(item, config.commission_worker);
    const discount = rng();
    const line = {
      local_trx_id,
      item,
      pos_item_variant_id: Number(variant.pos_item_variant_id),
      qty: 1 + Math.floor(rng() * 3),
      commission_workers:
        Number(item.no_commission) === 1 || workers.length === 0
          ? []
          : [{ commission_worker: pick(rng, workers), percentage: 100 }],
    };
    let r = await commands.addItem({
      ...line,
      ...(discount < 0.15
        ? { custom_discount_type: 'percentage' as const, custom_discount_value: 5 + Math.floor(rng() * 20) }
        : discount < 0.25
          ? { custom_discount_type: 'nominal' as const, custom_discount_value: 5000 }
          : {}),
    });
    // refused (e.g. the item's maximum discount): the cashier adds it without the discount
    if (!r.ok && discount < 0.25) {
      refusals.push(`addItem ${item.pos_item_id}: ${r.message}`);
      r = await commands.addItem(line);
    }
    if (r.ok) added += 1;
    else refusals.push(`addItem ${item.pos_item_id}: ${r.message}`);
  }
  if (rng() < 0.2) {
    const r = await commands.applyGlobalDiscount({
      local_trx_id,
      type: 'percentage',
      percent: 5 + Math.floor(rng() * 15),
    });
    if (!r.ok) refusals.push(`globalDiscount: ${r.message}`);
  }
  const customer = options.creditCustomer ?? null;
  if (customer) {
    const late = rng() < 0.4;
    if (late) await pay(device, rng, local_trx_id);
    const set = must(await commands.setCustomer({ local_trx_id, customer }), 'setCustomer');
    paymentsRemoved = set.paymentsRemoved ?? 0;
    credit = await payByCredit(device, rng, local_trx_id);
  }
  await pay(device, rng, local_trx_id);
  const row = await device.store.db.transactions.get(local_trx_id);
  if (!row) throw new Error(`sale ${local_trx_id} vanished`);
  const onlineRequired = requiresOnlineSubmission(row, config);
  const send = createSubmissionSend({
    // the client's time-out, shortened so a delayed submit costs less than the spec's 3 s
    post: (trx, o) =>
      device.pos.submit(trx, {
        timeoutMs: Math.min(o.timeoutMs ?? options.submitTimeoutMs, options.submitTimeoutMs),
      }),
  });
  const offline = options.offline && !onlineRequired;
  const maxAttempts = options.maxSubmitAttempts ?? 25;
  let attempts = 0;
  while (attempts < maxAttempts) {
    attempts += 1;
    // the payment step plans the submission ahead, as Step 3 does (issue 29); 'Selesai' commits that plan
    // only when nothing was recorded since, else plans anew
    await commands.prepareSubmit?.(local_trx_id);
    const r = await commands.submit({ local_trx_id, ...(offline ? {} : { send }) });
    if (r.ok)
      return {
        local_trx_id,
        credit,
        paymentsRemoved,
        completed: true,
        offline,
        onlineRequired,
        submitAttempts: attempts,
        refusals,
      };
    if (!onlineRequired) throw new Error(`submit refused: ${r.message} (after ${refusals.join('; ')})`);
    refusals.push(`submit: ${r.message}`);
  }
  return {
    local_trx_id,
    credit,
    paymentsRemoved,
    completed: false,
    offline,
    onlineRequired,
    submitAttempts: attempts,
    refusals,
  };
}

/**
 * A special sale (issue 14) through the commands, as a cashier makes one: a 'Top Up Deposit' of a round amount
 * to a member, or a 'Jual Membership' of one of the sold memberships; paid in cash or by card and submitted
 * online (every special kind is online-required, 000 §4): tapped again until the server accepts it.
 */
export async function randomSpecialSale(
  device: Device,
  rng: Rng,
  options: { kind: 'TOP_UP_DEPOSIT' | 'MEMBERSHIP_SALES'; customer: Customer; submitTimeoutMs: number },
): Promise<SaleOutcome> {
  const { commands, config } = device;
  const { local_trx_id } = must(
    await commands.startTransaction({ trx_type: options.kind }),
    'startTransaction',
  );
  must(await commands.setCustomer({ local_trx_id, customer: options.customer }), 'setCustomer');
  if (options.kind === 'TOP_UP_DEPOSIT')
    must(
      await commands.setSpecialAmount({ local_trx_id, amount: (2 + Math.floor(rng() * 30)) * 50_000 }),
      'setSpecialAmount',
    );
  else
    must(
      await commands.chooseMembership({
        local_trx_id,
        business_membership_id: Number(pick(rng, sellableMemberships(config)).business_membership_id),
      }),
      'chooseMembership',
    );
  await pay(device, rng, local_trx_id);
  const row = await device.store.db.transactions.get(local_trx_id);
  if (!row || !requiresOnlineSubmission(row, config)) throw new Error('a special sale is online-required');
  const send = createSubmissionSend({
    post: (trx, o) =>
      device.pos.submit(trx, {
        timeoutMs: Math.min(o.timeoutMs ?? options.submitTimeoutMs, options.submitTimeoutMs),
      }),
  });
  const refusals: string[] = [];
  for (let attempts = 1; attempts <= 25; attempts++) {
    const r = await commands.submit({ local_trx_id, send });
    if (r.ok)
      return {
        local_trx_id,
        trx_type: options.kind,
        credit: 0,
        paymentsRemoved: 0,
        completed: true,
        offline: false,
        onlineRequired: true,
        submitAttempts: attempts,
        refusals,
      };
    refusals.push(`submit: ${r.message}`);
  }
  return {
    local_trx_id,
    trx_type: options.kind,
    credit: 0,
    paymentsRemoved: 0,
    completed: false,
    offline: false,
    onlineRequired: true,
    submitAttempts: 25,
    refusals,
  };
}

const remainingOf = async (device: Device, local_trx_id: string): Promise<number> => {
  const row = await device.store.db.transactions.get(local_trx_id);
  return row ? paymentStatus(row.drv_grand_total, row.payments).remaining : 0;
};

/** 'Gunakan Piutang' with the outlet's Piutang method: all of what remains, or a round part of it. */
async function payByCredit(device: Device, rng: Rng, local_trx_id: string): Promise<number> {
  const left = await remainingOf(device, local_trx_id);
  if (left <= 0) return 0;
  const method = device.config.payment_method.find(
    (m) => (m as PaymentMethod & { payment_type?: string }).payment_type === 'CREDIT',
  );
  const amount = rng() < 0.5 ? left : Math.max(1000, Math.floor((left * (0.3 + rng() * 0.5)) / 1000) * 1000);
  must(
    await device.commands.addPayment({
      local_trx_id,
      payment_type: 'CREDIT',
      method: method ?? null,
      amount: Math.min(amount, left),
      reference: `PT-${1000 + Math.floor(rng() * 9000)}`,
    }),
    'addPayment credit',
  );
  return Math.min(amount, left);
}

/** Cash for everything (rounded up: change), a card for everything, or a card for part and cash for the rest. */
async function pay(device: Device, rng: Rng, local_trx_id: string): Promise<void> {
  const { commands, config } = device;
  const cash = config.payment_method.find((m) => m.payment_method_name === 'Cash');
  const card = config.payment_method.find((m) => m.payment_method_name === 'Debit Card');
  if (!cash || !card) throw new Error('the demo outlet serves Cash and Debit Card');
  const remaining = () => remainingOf(device, local_trx_id);
  const mode = rng();
  let left = await remaining();
  if (left <= 0) return;
  if (mode >= 0.4) {
    const part = mode < 0.7 ? left : Math.max(1000, Math.floor((left * (0.2 + rng() * 0.6)) / 1000) * 1000);
    must(
      await commands.addPayment({
        local_trx_id,
        payment_type: 'NORMAL',
        method: card,
        amount: Math.min(part, left),
        reference: String(1000 + Math.floor(rng() * 9000)),
      }),
      'addPayment card',
    );
    left = await remaining();
  }
  if (left > 0) {
    const rounded = rng() < 0.5 ? left : Math.ceil(left / 50_000) * 50_000;
    must(
      await commands.addPayment({ local_trx_id, payment_type: 'NORMAL', method: cash, amount: rounded }),
      'addPayment cash',
    );
  }
}
