// Printing through the event log: after a print marks the lines (trx.printed via the cashier
// commands), the unprinted order slip holds only lines added or re-quantified since.
import { describe, expect, it } from 'vitest';
import { buildReceipt, receiptMode } from '../../src/domain/receipt';
import { config, harness, item, ok, startSale } from '../projections/commands/fixtures';

const unprinted = async (h: ReturnType<typeof harness>, id: string) => {
  const trx = await h.store.getTransaction(id);
  if (!trx) throw new Error('no transaction');
  return buildReceipt(trx, config(), { mode: receiptMode('order-preview-unprinted') }).sections.flatMap((s) =>
    s.items.map((i) => i.name),
  );
};

describe('unprinted order slip after printing', () => {
  it('lists only lines never printed; a qty change brings a line back', async () => {
    const h = harness();
    const id = await startSale(h);
    const a = item();
    const b = item();
    ok(await h.commands.addItem({ local_trx_id: id, item: a, pos_item_variant_id: 1, qty: 1 }));
    ok(await h.commands.addItem({ local_trx_id: id, item: b, pos_item_variant_id: 1, qty: 1 }));
    expect(await unprinted(h, id)).toEqual([a.item_name, b.item_name]);

    ok(await h.commands.markPrinted(id));
    expect(await unprinted(h, id)).toEqual([]);
    const log = await h.store.db.events.toArray();
    expect(log.filter((e) => e.type === 'trx.printed')).toHaveLength(1);

    const c = item();
    ok(await h.commands.addItem({ local_trx_id: id, item: c, pos_item_variant_id: 1, qty: 2 }));
    expect(await unprinted(h, id)).toEqual([c.item_name]);

    // Adding the same item again raises its qty: it must be printed again.
    ok(await h.commands.addItem({ local_trx_id: id, item: a, pos_item_variant_id: 1, qty: 1 }));
    expect(await unprinted(h, id)).toEqual([a.item_name, c.item_name]);
  });
});
