/**
 * Cashier engine benchmark: latency of one cashier command (validate with src/domain, price,
 * commit one trx.* event) and of the bare commit of one trx event, on carts of 1, 20 and 100
 * lines. Node on fake-indexeddb (an in-memory IndexedDB in JavaScript), not a browser's
 * IndexedDB: the numbers compare versions of our code; they do not predict a till's timings.
 *   npx tsx bench/commit.bench.ts [samples=300]
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { Dexie } from 'dexie';
import { type PosItem, posConfigSchema, posItemSchema } from '../src/domain';
import { makeEvent, uuid } from '../src/events';
import { createStore, type Store } from '../src/projections';
import { createCashierCommands } from '../src/projections/commands';

const SAMPLES = Number(process.argv[2] ?? 300);

const config = posConfigSchema.parse({
  business_id: 1,
  business_user_id: 7,
  cashier_name: 'Kasir',
  brand_name: 'Serambi',
  tax: { tax_percent: 11, is_included_in_price: 0 },
  service_charge: [{ pos_serviceCharge_id: 1, charge_percent: 10 }],
  sales_type: [
    {
      pos_salesType_id: 1,
      pos_salesType_name: 'Dine In',
      pos_sales_type_service_charges: [{ pos_serviceCharge_id: 1 }],
    },
  ],
  payment_method: [{ payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 }],
});

const items: PosItem[] = Array.from({ length: 120 }, (_, i) =>
  posItemSchema.parse({
    pos_item_id: 1000 + i,
    item_name: `Layanan ${i}`,
    pos_item_category_id: 1 + (i % 5),
    item_nature: i % 2 ? 'RETAIL' : 'SERVICE',
    pos_item_variants: [{ pos_item_variant_id: 1, variant_price: 25000 + i * 1000 }],
  }),
);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (name: string, xs: number[]) =>
  console.log(`${name.padEnd(48)} p50 ${pct(xs, 0.5).toFixed(2)} ms  p95 ${pct(xs, 0.95).toFixed(2)} ms`);

async function cartOf(store: Store, lines: number) {
  const commands = createCashierCommands({ store, getConfig: () => config, actor: () => 7 });
  const start = await commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 1 });
  if (!start.ok) throw new Error(start.message);
  const id = start.local_trx_id;
  for (let i = 0; i < lines; i++)
    await commands.addItem({ local_trx_id: id, item: items[i], pos_item_variant_id: 1, qty: 1 });
  return { commands, id };
}

async function main(): Promise<void> {
  console.log(`fake-indexeddb, Node ${process.version}, ${SAMPLES} samples each`);
  for (const lines of [1, 20, 100]) {
    const store = createStore({ dbName: `bench-${uuid()}`, locks: null });
    try {
      const { commands, id } = await cartOf(store, lines);
      const bare: number[] = [];
      const notes: number[] = [];
      const qty: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        let t = performance.now();
        await store.commit([makeEvent('trx.notesSet', { trx_notes: `n${i}` }, { actor: 7, trxId: id })]);
        bare.push(performance.now() - t);
        t = performance.now();
        await commands.setNotes({ local_trx_id: id, trx_notes: `c${i}` });
        notes.push(performance.now() - t);
        // Merge into the first line: validate + re-price the whole cart + commit trx.lineAdded.
        t = performance.now();
        const r = await commands.addItem({
          local_trx_id: id,
          item: items[0],
          pos_item_variant_id: 1,
          qty: 1,
        });
        qty.push(performance.now() - t);
        if (!r.ok) throw new Error(r.message);
      }
      console.log(`-- cart of ${lines} line(s)`);
      line('store.commit(one trx.notesSet)', bare);
      line('commands.setNotes (read, plan, commit)', notes);
      line('commands.addItem merge (validate, price, commit)', qty);
    } finally {
      store.close();
      await Dexie.delete(store.db.name);
    }
  }
}

void main();
