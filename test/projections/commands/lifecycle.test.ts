import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PosTransaction } from '../../../src/domain';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { createCashierCommands, type SendResult } from '../../../src/projections/commands';
import { deletedTrxs, listOutbox } from '../../../src/projections/selectors';
import { snapshot } from '../helpers';
import { CASH, config, type Harness, harness, item, ok, startSale } from './fixtures';

/** A Take Away sale of 100,000 (+11% tax) paid in cash with 120,000. */
async function paidSale(h: Harness, extra: Record<string, unknown> = {}) {
  const id = await startSale(h, 2);
  ok(
    await h.commands.addItem({
      local_trx_id: id,
      item: item([100000], extra),
      pos_item_variant_id: 1,
      qty: 1,
    }),
  );
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 120000 }));
  return id;
}

const accepted = (head: number): Extract<SendResult, { ok: true }> => ({
  ok: true,
  acceptance: {
    pos_sales_trx_head_id: head,
    trx_id: `TRX-${head}`,
    deposit_balance: 0,
    created_at: '2026-11-22 03:00:02',
    sync_time: '2026-11-22 03:00:02',
  },
});

describe('submit (000 §4 Submission, §5 Submit)', () => {
  it('records status 3 with order_no, end time, discount kinds, configs, nfc and shift; into the outbox', async () => {
    const h = harness();
    const a = await paidSale(h);
    h.tick(2000);
    const r = ok(
      await h.commands.submit({ local_trx_id: a, nfc_code: '0123456789AB', local_shift_id: 'shift-1' }),
    );
    expect(r).toMatchObject({ onlineRequired: false, synced: false });
    expect(r.trx).toMatchObject({
      trx_status_id: 3,
      order_no: 1,
      trx_local_end_time: '2026-11-22 03:00:02',
      trx_discount_type: null,
      nfc_code: '0123456789AB',
      local_shift_id: 'shift-1',
      drv_grand_total: 111000,
      is_synced: false,
      cashier_configs: { cashier_name: 'Kasir Tujuh', business_user_id: 7, tax: { tax_percent: 11 } },
    });
    expect(r.trx).not.toHaveProperty('is_synced_key');
    expect(r.trx.details[0].item_discount_type).toBeNull();
    const b = await paidSale(h);
    const second = ok(await h.commands.submit({ local_trx_id: b, nfc_code: 'short' }));
    expect(second.trx).toMatchObject({ order_no: 2, nfc_code: null });
    expect((await listOutbox(h.store.db)).map((t) => t.local_trx_id)).toEqual([a, b]);
  });

  it('a submitted sale is never submitted twice, nor edited', async () => {
    const h = harness();
    const id = await paidSale(h);
    ok(await h.commands.submit({ local_trx_id: id }));
    const events = (await h.store.listEvents()).length;
    const refusal = { ok: false, message: 'Transaksi sudah selesai dan tidak dapat diubah.' };
    expect(await h.commands.submit({ local_trx_id: id })).toEqual(refusal);
    expect(
      await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 1 }),
    ).toEqual(refusal);
    expect(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 1 }),
    ).toEqual(refusal);
    expect((await h.store.listEvents()).length).toBe(events);
  });

  it('records the discount kinds of 000 §4', async () => {
    const h = harness();
    const id = await startSale(h, 2);
    ok(
      await h.commands.addItem({
        local_trx_id: id,
        item: item([100000]),
        pos_item_variant_id: 1,
        qty: 1,
        custom_discount_type: 'percentage',
        custom_discount_value: 10,
      }),
    );
    ok(await h.commands.applyGlobalDiscount({ local_trx_id: id, type: 'value', nominal: 5000 }));
    ok(
      await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount: 200000 }),
    );
    const r = ok(await h.commands.submit({ local_trx_id: id }));
    expect(r.trx.trx_discount_type).toBe('custom');
    expect(r.trx.details[0].item_discount_type).toBe('custom');
  });

  it.each([
    ['no line', 'empty', SALE_MESSAGES.salesNoItem],
    ['not paid off', 'unpaid', SALE_MESSAGES.notPaidOff],
    ['stock-out missing', 'stock', SALE_MESSAGES.stockOutMissing],
    ['customer required', 'customer', SALE_MESSAGES.customerDataRequired],
    // the spec's text naming the line (issue 10)
    [
      'workers missing',
      'worker',
      expect.stringMatching(new RegExp(`^${SALE_MESSAGES.workersMissing}: Item \\d+$`)),
    ],
  ])('refuses %s', async (_name, kind, message) => {
    const h = harness(
      config({
        is_user_id_required: kind === 'customer' ? 1 : 0,
        is_pos_commission_scheme: kind === 'worker' ? 1 : 0,
        pos_item_requiring_worker: 1,
        commission_worker: [{ business_commission_worker_id: 1, firstname: 'Sari' }],
      }),
    );
    const id = await startSale(h, 2);
    if (kind !== 'empty') {
      ok(
        await h.commands.addItem({
          local_trx_id: id,
          item: item([100000], { is_stock_out_required: kind === 'stock' ? 1 : 0 }),
          pos_item_variant_id: 1,
          qty: 1,
        }),
      );
    }
    if (kind !== 'unpaid')
      ok(
        await h.commands.addPayment({
          local_trx_id: id,
          payment_type: 'NORMAL',
          method: CASH,
          amount: 200000,
        }),
      );
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({ ok: false, message });
    expect((await h.store.getTransaction(id))?.trx_status_id).toBe(2);
  });

  it("a deposit payment needs the 'Kode Receh' when use_wallet_security_code = 1", async () => {
    const h = harness(config({ use_wallet_security_code: 1 }));
    const id = await startSale(h, 2);
    ok(await h.commands.addItem({ local_trx_id: id, item: item([100000]), pos_item_variant_id: 1, qty: 1 }));
    // the wallet is the customer's
    ok(await h.commands.setCustomer({ local_trx_id: id, customer: { user_code: 'U1', user_name: 'Ani' } }));
    ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'DEPOSIT', amount: 111000 }));
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.walletCodeRequired,
    });
    ok(await h.commands.setRecehCode({ local_trx_id: id, receh_code: '9999' }));
    // A deposit payment makes the sale online-required: without a send it is refused and stays open.
    expect(await h.commands.submit({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.submitFailed,
    });
    const sent: PosTransaction[] = [];
    const r = ok(
      await h.commands.submit({
        local_trx_id: id,
        send: async (trx) => {
          sent.push(trx);
          return accepted(501);
        },
      }),
    );
    expect(sent[0]).toMatchObject({ trx_status_id: 3, receh_code: '9999', order_no: 1 });
    expect(r).toMatchObject({ onlineRequired: true, synced: true });
    expect(await h.store.getTransaction(id)).toMatchObject({
      trx_status_id: 3,
      is_synced: true,
      pos_sales_trx_head_id: 501,
      trx_id: 'TRX-501',
    });
  });

  it('online-required: a failed send records nothing and answers its message', async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await paidSale(h);
    const before = await snapshot(h.store);
    expect(
      await h.commands.submit({
        local_trx_id: id,
        send: async () => ({ ok: false, message: SALE_MESSAGES.submitBadNetwork }),
      }),
    ).toEqual({ ok: false, message: SALE_MESSAGES.submitBadNetwork });
    expect(
      await h.commands.submit({
        local_trx_id: id,
        send: async () => {
          throw new Error('Connection failed, please try again');
        },
      }),
    ).toEqual({ ok: false, message: 'Connection failed, please try again' });
    expect(await snapshot(h.store)).toEqual(before);
  });

  it('optional-online: recorded first, then marked synced on success or kept in the outbox on failure', async () => {
    const h = harness();
    const a = await paidSale(h);
    const r = ok(await h.commands.submit({ local_trx_id: a, send: async () => accepted(77) }));
    expect(r).toMatchObject({
      onlineRequired: false,
      synced: true,
      trx: { pos_sales_trx_head_id: 77, is_synced: true },
    });
    const b = await paidSale(h);
    const failed = ok(
      await h.commands.submit({ local_trx_id: b, send: async () => ({ ok: false, message: 'timeout' }) }),
    );
    expect(failed).toMatchObject({ synced: false, trx: { trx_status_id: 3 } });
    expect(await h.store.getTransaction(b)).toMatchObject({
      trx_status_id: 3,
      is_synced: false,
      sync_error: 'timeout',
    });
    expect((await listOutbox(h.store.db)).map((t) => t.local_trx_id)).toEqual([b]);
    ok(await h.commands.recordServerAcceptance({ local_trx_id: b, ...accepted(78).acceptance }));
    expect(await listOutbox(h.store.db)).toEqual([]);
    const synced = await h.store.getTransaction(b);
    expect(synced).toMatchObject({ is_synced: true, is_synced_key: 1, pos_sales_trx_head_id: 78 });
    expect(synced).not.toHaveProperty('sync_error');
    // The same answer recorded again (a sync pass raced submit's own post) adds nothing.
    ok(await h.commands.recordServerAcceptance({ local_trx_id: b, ...accepted(78).acceptance }));
    const acceptances = (await h.store.listEvents()).filter(
      (e) => e.type === 'trx.serverAccepted' && e.trxId === b,
    );
    expect(acceptances).toHaveLength(1);
  });
});

describe("submit's printer hooks (issue 29: 'Selesai' → paper)", () => {
  const hooks = () => {
    const calls: [string, PosTransaction][] = [];
    return {
      calls,
      onPlanned: (trx: PosTransaction) => {
        calls.push(['planned', trx]);
      },
      onRecorded: (trx: PosTransaction) => {
        calls.push(['recorded', trx]);
      },
    };
  };

  it('optional-online: the planned row before the commit, the same row once stored, both before the post', async () => {
    const h = harness();
    const id = await paidSale(h);
    const t = hooks();
    const r = ok(
      await h.commands.submit({
        local_trx_id: id,
        ...t,
        send: async () => {
          t.calls.push(['send', {} as PosTransaction]);
          return accepted(90);
        },
      }),
    );
    expect(t.calls.map(([k]) => k)).toEqual(['planned', 'recorded', 'send']);
    expect(t.calls[1][1]).toBe(t.calls[0][1]);
    expect(t.calls[1][1]).toMatchObject({ trx_status_id: 3, order_no: 1, drv_grand_total: 111000 });
    // what was told as stored is what is stored (but the server's later answer)
    const { pos_sales_trx_head_id: _h, trx_id: _t, is_synced: _s, ...told } = t.calls[1][1];
    expect(await h.store.getTransaction(id)).toMatchObject({ ...told });
    expect(r.trx).toMatchObject({ pos_sales_trx_head_id: 90 });
  });

  it('a commit that fails tells nothing as stored (nothing may print); a refused sale tells nothing at all', async () => {
    const h = harness();
    const id = await paidSale(h);
    const exclusive = h.store.exclusive.bind(h.store);
    h.store.exclusive = (work) =>
      exclusive((writer) =>
        work({
          ...writer,
          commit: async () => {
            throw new Error('QuotaExceededError');
          },
        }),
      );
    const t = hooks();
    await expect(h.commands.submit({ local_trx_id: id, ...t })).rejects.toThrow('QuotaExceededError');
    expect(t.calls.map(([k]) => k)).toEqual(['planned']);
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 2 });

    h.store.exclusive = exclusive;
    const unpaid = await startSale(h, 2);
    ok(
      await h.commands.addItem({ local_trx_id: unpaid, item: item([5000]), pos_item_variant_id: 1, qty: 1 }),
    );
    const u = hooks();
    expect((await h.commands.submit({ local_trx_id: unpaid, ...u })).ok).toBe(false);
    expect(u.calls).toEqual([]);
  });

  it('online-required: stored only with the server, so told as stored only then (with its answer)', async () => {
    const h = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await paidSale(h);
    const failedHooks = hooks();
    const failed = await h.commands.submit({
      local_trx_id: id,
      ...failedHooks,
      send: async () => ({ ok: false, message: SALE_MESSAGES.submitBadNetwork }),
    });
    expect(failed.ok).toBe(false);
    expect(failedHooks.calls).toEqual([]);
    const t = hooks();
    ok(await h.commands.submit({ local_trx_id: id, ...t, send: async () => accepted(91) }));
    expect(t.calls.map(([k]) => k)).toEqual(['planned', 'recorded']);
    expect(t.calls[1][1]).toBe(t.calls[0][1]);
    expect(t.calls[1][1]).toMatchObject({ trx_status_id: 3, pos_sales_trx_head_id: 91 });
  });

  it('a hook that throws never touches the sale', async () => {
    const h = harness();
    const id = await paidSale(h);
    const boom = () => {
      throw new Error('printer');
    };
    const r = ok(await h.commands.submit({ local_trx_id: id, onPlanned: boom, onRecorded: boom }));
    expect(r.trx).toMatchObject({ trx_status_id: 3 });
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 3 });
  });
});

describe('void, archive, download, delete', () => {
  it('voidRecorded sets status 4 once; only completed sales', async () => {
    const h = harness();
    const id = await paidSale(h);
    expect(await h.commands.voidRecorded({ local_trx_id: id, reason: 'x' })).toMatchObject({ ok: false });
    ok(await h.commands.submit({ local_trx_id: id }));
    ok(await h.commands.voidRecorded({ local_trx_id: id, reason: 'salah input' }));
    ok(await h.commands.voidRecorded({ local_trx_id: id, reason: 'salah input' }));
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 4, void_reason: 'salah input' });
    expect((await h.store.listEvents()).filter((e) => e.type === 'trx.voided')).toHaveLength(1);
  });

  it('archive removes locally; download adds it back as pending; never over a completed sale', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 1 }));
    const saved = ok(await h.commands.openTransaction(id)).trx;
    ok(await h.commands.archived(id));
    expect(await h.store.getTransaction(id)).toBeUndefined();
    ok(await h.commands.downloaded(saved));
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 2, details: [{ qty: 1 }] });
    const done = await paidSale(h);
    const completed = ok(await h.commands.submit({ local_trx_id: done })).trx;
    expect(await h.commands.downloaded({ ...completed, trx_status_id: 2 })).toMatchObject({ ok: false });
  });

  it("delete with pos_cashier_delete_by_pin asks 'Otorisasi Hapus Transaksi' and logs DELETE_TRX", async () => {
    const h = harness(config({ pos_cashier_delete_by_pin: 1 }));
    const id = await startSale(h);
    ok(await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 1 }));
    ok(await h.commands.addItem({ local_trx_id: id, item: item(), pos_item_variant_id: 1, qty: 2 }));
    expect(await h.commands.deleteTransaction({ local_trx_id: id })).toEqual({
      ok: false,
      message: SALE_MESSAGES.passwordRequired,
      authorizationRequired: 'deletion',
    });
    ok(
      await h.commands.deleteTransaction({
        local_trx_id: id,
        authorization: { password: 'pw', reason: 'tamu pergi', verified: true },
      }),
    );
    expect(await h.store.getTransaction(id)).toBeUndefined();
    const deleted = await deletedTrxs(h.store.db);
    expect(deleted).toHaveLength(1);
    expect(deleted[0].deleted_details.map((d) => [d.actionType, d.deleteReason, d.deleteTime])).toEqual([
      ['DELETE_TRX', 'tamu pergi', '2026-11-22 03:00:00'],
      ['DELETE_TRX', 'tamu pergi', '2026-11-22 03:00:00'],
    ]);
    expect(deleted[0]).not.toHaveProperty('is_synced_key');
    // The audit survives a rebuild of the read models from the log.
    const before = await snapshot(h.store);
    await h.store.rebuild();
    expect(await snapshot(h.store)).toEqual(before);
  });

  it('without the pin flag a pending transaction is deleted directly', async () => {
    const h = harness();
    const id = await startSale(h);
    ok(await h.commands.deleteTransaction({ local_trx_id: id }));
    expect(await h.store.getTransaction(id)).toBeUndefined();
    expect((await deletedTrxs(h.store.db)).map((t) => t.local_trx_id)).toEqual([id]);
  });
});

describe("submit planned ahead (issue 29: prepareSubmit on the payment step, 'Selesai' commits it)", () => {
  /** Counts the read transactions a submit opens (the full path reads its inputs in one; the plan ahead none). */
  const countReads = (h: Harness) => {
    const reads = { n: 0 };
    const transaction = h.store.db.transaction.bind(h.store.db) as (...a: unknown[]) => unknown;
    (h.store.db as unknown as { transaction: (...a: unknown[]) => unknown }).transaction = (...a) => {
      if (a[0] === 'r') reads.n++;
      return transaction(...a);
    };
    return reads;
  };

  it("stores exactly what a submit planned at 'Selesai' stores (its own time and shift), without reading again", async () => {
    const ahead = harness();
    const plain = harness();
    const same = { pos_item_id: 500, item_name: 'Potong Rambut' };
    const a = await paidSale(ahead, same);
    const b = await paidSale(plain, same);
    await ahead.commands.prepareSubmit?.(a);
    ahead.tick(5000);
    plain.tick(5000);
    const reads = countReads(ahead);
    const t: [string, PosTransaction][] = [];
    const r = ok(
      await ahead.commands.submit({
        local_trx_id: a,
        local_shift_id: Promise.resolve('shift-1'),
        onPlanned: (trx) => t.push(['planned', trx]),
        onRecorded: (trx) => t.push(['recorded', trx]),
      }),
    );
    expect(reads.n).toBe(0);
    ok(await plain.commands.submit({ local_trx_id: b, local_shift_id: 'shift-1' }));
    expect(r.trx).toMatchObject({
      trx_status_id: 3,
      order_no: 1,
      trx_local_end_time: '2026-11-22 03:00:05',
      local_shift_id: 'shift-1',
    });
    expect(t.map(([k]) => k)).toEqual(['planned', 'recorded']);
    expect(t[1][1]).toBe(t[0][1]);
    // the same stored sale and the same event as the full path (but the sale's own ids)
    const strip = (row: unknown) => JSON.parse(JSON.stringify(row).replaceAll(a, 'X').replaceAll(b, 'X'));
    expect(strip(await ahead.store.getTransaction(a))).toEqual(strip(await plain.store.getTransaction(b)));
    const last = async (h: Harness) => {
      const {
        id: _id,
        seq: _seq,
        chain: _chain,
        ...e
      } = (await h.store.listEvents()).at(-1) as never as Record<string, unknown>;
      return strip(e);
    };
    expect(await last(ahead)).toEqual(await last(plain));
  });

  it('with readShift, the shift is read with the plan: the submit waits for no shift read of its own; a log moved since reads it anew', async () => {
    let shift = 'shift-ahead';
    const h = harness(config(), { readShift: async () => shift });
    const a = await paidSale(h);
    await h.commands.prepareSubmit?.(a);
    // the input's shift never comes: only the plan's can be used
    const r = ok(await h.commands.submit({ local_trx_id: a, local_shift_id: new Promise<string>(() => {}) }));
    expect(r.trx).toMatchObject({ trx_status_id: 3, local_shift_id: 'shift-ahead' });
    // planned, then the log moves on (another sale started): the full path, with the input's shift
    const b = await paidSale(h);
    await h.commands.prepareSubmit?.(b);
    shift = 'shift-changed';
    await startSale(h);
    const s2 = ok(await h.commands.submit({ local_trx_id: b, local_shift_id: 'shift-input' }));
    expect(s2.trx).toMatchObject({ trx_status_id: 3, local_shift_id: 'shift-input' });
  });

  it('anything recorded since the plan: planned anew (a payment removed → refused, nothing stored)', async () => {
    const h = harness();
    const id = await paidSale(h);
    await h.commands.prepareSubmit?.(id);
    const trx = await h.store.getTransaction(id);
    ok(
      await h.commands.removePayment({
        local_trx_id: id,
        local_payment_id: trx!.payments[0].local_payment_id,
      }),
    );
    const events = (await h.store.listEvents()).length;
    const reads = countReads(h);
    const r = await h.commands.submit({ local_trx_id: id });
    expect(r.ok).toBe(false);
    expect(reads.n).toBeGreaterThan(0);
    expect(await h.store.getTransaction(id)).toMatchObject({ trx_status_id: 2 });
    expect((await h.store.listEvents()).length).toBe(events);
  });

  it('another sale completed meanwhile: the planned order number is not reused', async () => {
    const h = harness();
    const a = await paidSale(h);
    const b = await paidSale(h);
    await h.commands.prepareSubmit?.(a);
    // another tab (the same store) completes b after a's plan was made: a's plan is stale
    const other = createCashierCommands({ store: h.store, getConfig: h.getConfig, actor: () => 7 });
    expect(ok(await other.submit({ local_trx_id: b })).trx.order_no).toBe(1);
    expect(ok(await h.commands.submit({ local_trx_id: a })).trx.order_no).toBe(2);
  });

  it('a new configuration, an NFC code, or another sale: planned at Selesai as before', async () => {
    const h = harness();
    const a = await paidSale(h);
    await h.commands.prepareSubmit?.(a);
    h.setConfig(config({ cashier_name: 'Kasir Baru' }));
    const r = ok(await h.commands.submit({ local_trx_id: a }));
    expect(r.trx.cashier_configs).toMatchObject({ cashier_name: 'Kasir Baru' });

    const b = await paidSale(h);
    await h.commands.prepareSubmit?.(b);
    const withNfc = ok(await h.commands.submit({ local_trx_id: b, nfc_code: '0123456789AB' }));
    expect(withNfc.trx).toMatchObject({ nfc_code: '0123456789AB', trx_status_id: 3 });

    const c = await paidSale(h);
    const d = await paidSale(h);
    await h.commands.prepareSubmit?.(c);
    expect(ok(await h.commands.submit({ local_trx_id: d })).trx.order_no).toBe(3);
    expect(ok(await h.commands.submit({ local_trx_id: c })).trx.order_no).toBe(4);
  });

  it('nothing planned for an unpaid, completed or online-required sale (the full path decides)', async () => {
    const online = harness(config({ check_stock_availability_on_trx: 1 }));
    const id = await paidSale(online);
    await online.commands.prepareSubmit?.(id);
    const failed = await online.commands.submit({
      local_trx_id: id,
      send: async () => ({ ok: false, message: SALE_MESSAGES.submitBadNetwork }),
    });
    expect(failed).toEqual({ ok: false, message: SALE_MESSAGES.submitBadNetwork });
    expect(await online.store.getTransaction(id)).toMatchObject({ trx_status_id: 2 });

    const h = harness();
    const done = await paidSale(h);
    ok(await h.commands.submit({ local_trx_id: done }));
    await h.commands.prepareSubmit?.(done);
    expect(await h.commands.submit({ local_trx_id: done })).toEqual({
      ok: false,
      message: 'Transaksi sudah selesai dan tidak dapat diubah.',
    });
  });
});
