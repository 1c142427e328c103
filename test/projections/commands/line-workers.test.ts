// Issue 10 item 4: the lines the Selesai worker check names get their workers without losing payments.
// setLineWorkers changes only the worker fields (trx.lineWorkersSet): the total does not move, so the
// payments stay; any other line change still clears them (000 §4).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '../../../src/domain/texts/receipt';
import { SALE_MESSAGES } from '../../../src/domain/texts/sale';
import { CASH, config, harness, item, ok, startSale } from './fixtures';

const ANI = { business_commission_worker_id: 1, firstname: 'Ani', business_commission_worker_group_id: 1 };
const BUDI = { business_commission_worker_id: 2, firstname: 'Budi', business_commission_worker_group_id: 2 };

const workerConfig = (extra: Record<string, unknown> = {}) =>
  config({
    is_pos_commission_scheme: 1,
    is_pos_multicommission_scheme: 1,
    pos_item_requiring_worker: 1,
    commission_worker: [ANI, BUDI],
    ...extra,
  } as never);

const share = (w: typeof ANI, percentage: number) => ({
  commission_worker: {
    business_commission_worker_id: w.business_commission_worker_id,
    firstname: w.firstname,
  },
  percentage,
});

/** A sale of one Creambath (no worker), paid in full in Cash. */
async function paidSale(extra: Record<string, unknown> = {}, itemExtra: Record<string, unknown> = {}) {
  const h = harness(workerConfig(extra));
  const id = await startSale(h);
  const creambath = item([100000], { item_name: 'Creambath', ...itemExtra });
  const { local_trx_detail_id } = ok(
    await h.commands.addItem({ local_trx_id: id, item: creambath, pos_item_variant_id: 1, qty: 1 }),
  );
  const amount = (await h.store.getTransaction(id))?.drv_grand_total ?? 0;
  ok(await h.commands.addPayment({ local_trx_id: id, payment_type: 'NORMAL', method: CASH, amount }));
  return { h, id, local_trx_detail_id, creambath };
}

describe('setLineWorkers', () => {
  it('sets the workers of the named line and keeps the payments and the totals; Selesai then passes the check', async () => {
    const { h, id, local_trx_detail_id } = await paidSale();
    const refused = await h.commands.submit({ local_trx_id: id });
    expect(refused).toMatchObject({ ok: false, message: `${SALE_MESSAGES.workersMissing}: Creambath` });
    const before = await h.store.getTransaction(id);

    ok(
      await h.commands.setLineWorkers({
        local_trx_id: id,
        local_trx_detail_id,
        workers: { commission_workers: [share(ANI, 100)] },
      }),
    );

    const after = await h.store.getTransaction(id);
    expect(after?.payments).toEqual(before?.payments);
    expect(after?.payments).toHaveLength(1);
    expect(after?.details[0].commission_workers).toEqual([share(ANI, 100)]);
    for (const k of ['drv_grand_total', 'drv_subtotal', 'drv_tax', 'drv_service_charge'] as const)
      expect(after?.[k]).toBe(before?.[k]);
    const events = await h.store.listEvents();
    expect(events.at(-1)?.type).toBe('trx.lineWorkersSet');
    // Paid in full and every line has its worker: Selesai goes through.
    ok(await h.commands.submit({ local_trx_id: id }));
  });

  it('a change that is not only workers still clears the payments', async () => {
    const { h, id, local_trx_detail_id } = await paidSale();
    ok(
      await h.commands.editLine({
        local_trx_id: id,
        local_trx_detail_id,
        changes: { commission_workers: [share(ANI, 100)], notes: 'rambut panjang' },
      }),
    );
    expect((await h.store.getTransaction(id))?.payments).toEqual([]);
  });

  it('refuses a worker the item does not allow, an unknown worker and shares above 100 with auto-split', async () => {
    const { h, id, local_trx_detail_id } = await paidSale(
      { is_pos_auto_split_multicommission: 1 },
      { pos_item_commission_worker_groups: [{ business_commission_worker_group_id: 1 }] },
    );
    const set = (commission_workers: ReturnType<typeof share>[]) =>
      h.commands.setLineWorkers({ local_trx_id: id, local_trx_detail_id, workers: { commission_workers } });
    expect(await set([share(BUDI, 100)])).toMatchObject({
      ok: false,
      message: RECEIPT_MESSAGES.workerNotFound,
    });
    expect(
      await set([share({ ...ANI, business_commission_worker_id: 99, firstname: 'X' }, 100)]),
    ).toMatchObject({ ok: false, message: RECEIPT_MESSAGES.workerNotFound });
    expect(await set([share(ANI, 60), share(ANI, 50)])).toMatchObject({
      ok: false,
      message: SALE_MESSAGES.percentageAboveRemaining,
    });
    const trx = await h.store.getTransaction(id);
    expect(trx?.details[0].commission_workers).toEqual([]);
    expect(trx?.payments).toHaveLength(1);
  });

  it('refuses a line that is not on the sale', async () => {
    const { h, id } = await paidSale();
    expect(
      await h.commands.setLineWorkers({ local_trx_id: id, local_trx_detail_id: 'nope', workers: {} }),
    ).toMatchObject({ ok: false, message: SALE_MESSAGES.skuNotFound });
  });
});
