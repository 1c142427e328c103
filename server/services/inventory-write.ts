import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  adjustmentRequest,
  InventoryWriteResponse,
  stockInRequest,
  stockOutRequest,
  transferInRequest,
  transferOutRequest,
} from '../../src/api/contract/inventory';
import { adjustmentFigures, adjustmentInputOf } from '../../src/domain/inventory-adjustment';
import { big, roundMoney, roundQty } from '../../src/domain/money';
import { INVENTORY_MESSAGES as M, INVENTORY_SERVER_MESSAGES as S } from '../../src/domain/texts/inventory';
import { API_MESSAGES } from '../../src/domain/texts/server';
import { transaction } from '../db/retry';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import {
  brandLocations,
  INV_ENTRY,
  type Location,
  ownLocation,
  requireOutlet,
  rows,
  type Stock,
  stockAt,
  trackedVariants,
  type Variant,
  variantCogs,
} from './inventory';
import type { Tx } from './ledgers';
import type { AuthContext } from './sessions';

type StockIn = z.output<typeof stockInRequest>;
type StockOut = z.output<typeof stockOutRequest>;
type Adjustment = z.output<typeof adjustmentRequest>;
type TransferOut = z.output<typeof transferOutRequest>;
type TransferIn = z.output<typeof transferInRequest>;

/** What a write tells the route: the answer, and whether it was a repeat (nothing written). */
export interface WriteResult {
  answer: InventoryWriteResponse;
  replayed: boolean;
}

interface Move {
  inv_sloc_id: number;
  variant: Variant;
  entry_type: string;
  qty: number;
  bad_qty: number;
  unit_cost?: number | null;
  inv_vendor_id?: number | null;
  ref_local_trx_id?: string | null;
  field: string;
}

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');
/** Stock figures carry at most 4 decimals (qty_decimal_length ≤ 4); the arithmetic is big.js's. */
const QTY_PLACES = 4;
const show = (n: number) => String(roundQty(n, QTY_PLACES));

/** The business's qty_decimal_length (002 §9): how many decimals a quantity may carry. */
async function qtyDecimals(tx: Tx, businessId: number): Promise<number> {
  const [r] = rows<{ d: number | null }>(
    await tx.execute(sql`SELECT qty_decimal_length AS d FROM businesses WHERE business_id = ${businessId}`),
  );
  return Math.max(0, Math.min(4, Number(r?.d ?? 0)));
}

/**
 * A line's quantity as the ledger takes it (issue 23 item 6): rounded half-up to the business's
 * qty_decimal_length first (big.js), so what is then checked above zero is what is stored — 1e-9 is 0.
 */
const qtyAt = (value: number, decimals: number): number => roundQty(value, decimals);

/** Each line's variant must be one of the brand's stock-tracked variants, once per request. */
async function variantsOf(
  tx: Tx,
  businessId: number,
  items: readonly { pos_item_variant_id: number }[],
  field = (i: number) => `items.${i}.pos_item_variant_id`,
): Promise<Variant[]> {
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (seen.has(it.pos_item_variant_id)) throw invalid(S.duplicateItem, field(i));
    seen.add(it.pos_item_variant_id);
  });
  const found = await trackedVariants(
    tx,
    businessId,
    items.map((i) => i.pos_item_variant_id),
  );
  return items.map((it, i) => {
    const v = found.get(it.pos_item_variant_id);
    if (!v) throw invalid(M.itemNotFound, field(i));
    return v;
  });
}

/**
 * Refuses a move that would take good stock below zero (unless the location's outlet allows negative
 * stock, settings.allow_negative_stock = 1) or bad stock below zero (always). The locations are locked.
 */
async function checkStock(tx: Tx, moves: readonly Move[], locations: Map<number, Location>): Promise<void> {
  const bySloc = new Map<number, Move[]>();
  for (const m of moves) bySloc.set(m.inv_sloc_id, [...(bySloc.get(m.inv_sloc_id) ?? []), m]);
  for (const [sloc, list] of bySloc) {
    const stock = await stockAt(
      tx,
      sloc,
      list.map((m) => m.variant.pos_item_variant_id),
    );
    const after = new Map<number, Stock>();
    for (const m of list) {
      const id = m.variant.pos_item_variant_id;
      const now = after.get(id) ?? stock.get(id) ?? { qty: 0, bad_qty: 0 };
      const next = {
        qty: big(now.qty).plus(m.qty).round(QTY_PLACES).toNumber(),
        bad_qty: big(now.bad_qty).plus(m.bad_qty).round(QTY_PLACES).toNumber(),
      };
      const name = m.variant.variant_name
        ? `${m.variant.item_name} - ${m.variant.variant_name}`
        : m.variant.item_name;
      if (m.qty < 0 && next.qty < 0 && !locations.get(sloc)?.allow_negative_stock)
        throw invalid(S.insufficient(name, show(now.qty)), m.field);
      if (m.bad_qty < 0 && next.bad_qty < 0)
        throw invalid(S.insufficientBad(name, show(now.bad_qty)), m.field);
      after.set(id, next);
    }
  }
}

async function insertMoves(
  tx: Tx,
  invTrxId: number,
  moves: readonly Move[],
  now: Date,
  notes: string | null,
) {
  if (moves.length === 0) return;
  await tx.execute(sql`
    INSERT INTO stock_ledger (inv_sloc_id, pos_item_id, pos_item_variant_id, entry_type, qty, bad_qty, unit_cost,
      inv_vendor_id, ref_local_trx_id, notes, created_at, inv_trx_id)
    VALUES ${sql.join(
      moves.map(
        (
          m,
        ) => sql`(${m.inv_sloc_id}, ${m.variant.pos_item_id}, ${m.variant.pos_item_variant_id}, ${m.entry_type},
          ${String(m.qty)}, ${String(m.bad_qty)}, ${m.unit_cost === null || m.unit_cost === undefined ? null : String(m.unit_cost)},
          ${m.inv_vendor_id ?? null}, ${m.ref_local_trx_id ?? null}, ${notes}, ${now.toISOString()}::timestamptz,
          ${invTrxId})`,
      ),
      sql`, `,
    )}`);
}

interface WriteSpec {
  trxType: string;
  localTrxId: string;
  body: unknown;
  /** the brand locations this write touches (checked and locked, in id order) */
  locationIds: number[];
  /** a repeat of a one-time action with another body (transfer in) answers this instead of the generic text */
  reusedMessage?: string;
  /** validation and the moves, once the locations are locked and the request is known to be new */
  build: (
    tx: Tx,
    locations: Map<number, Location>,
  ) => Promise<{
    moves: Move[];
    notes: string | null;
    after?: (
      invTrxId: number,
      now: Date,
    ) => Promise<{ inv_stock_trf_head_id: number; trx_id: string } | null>;
  }>;
}

const UNIQUE_VIOLATION = '23505';
const isUnique = (e: unknown) => {
  for (let c: unknown = e, d = 0; c && typeof c === 'object' && d < 8; c = (c as Error).cause, d++)
    if ((c as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  return false;
};

/**
 * One inventory write, in one database transaction (lock order, docs/architecture.md: a transfer head
 * when accepting one, then the storage locations in id order, then the write's row unique per local_trx_id,
 * then ledger inserts). A repeat with the same body answers the first answer and writes nothing.
 */
async function runWrite(
  deps: AppDeps,
  auth: AuthContext,
  spec: WriteSpec,
  lockHead?: (tx: Tx) => Promise<void>,
) {
  const outletId = requireOutlet(auth);
  const hash = hashOf(spec.body);
  const attempt = () =>
    transaction(deps.database.db, async (tx): Promise<WriteResult> => {
      if (lockHead) await lockHead(tx);
      const locations = await brandLocations(tx, auth.business_id, spec.locationIds, true);
      const [prior] = rows<{ body_hash: string; answer: InventoryWriteResponse | string }>(
        await tx.execute(sql`
          SELECT body_hash, answer FROM inventory_trxs
          WHERE business_id = ${auth.business_id} AND local_trx_id = ${spec.localTrxId}`),
      );
      if (prior) {
        if (prior.body_hash !== hash) throw invalid(spec.reusedMessage ?? S.localTrxIdReused, 'local_trx_id');
        const answer = typeof prior.answer === 'string' ? JSON.parse(prior.answer) : prior.answer;
        return { answer, replayed: true };
      }
      const { moves, notes, after } = await spec.build(tx, locations);
      await checkStock(tx, moves, locations);
      const now = deps.clock.now();
      const [row] = rows<{ inv_trx_id: string | number }>(
        await tx.execute(sql`
          INSERT INTO inventory_trxs (business_id, business_outlet_id, business_user_id, local_trx_id, trx_type,
            body_hash, answer, created_at)
          VALUES (${auth.business_id}, ${outletId}, ${auth.business_user_id}, ${spec.localTrxId}, ${spec.trxType},
            ${hash}, '{}'::jsonb, ${now.toISOString()}::timestamptz)
          RETURNING inv_trx_id`),
      );
      const invTrxId = Number(row.inv_trx_id);
      await insertMoves(tx, invTrxId, moves, now, notes);
      const extra = after ? await after(invTrxId, now) : null;
      const answer: InventoryWriteResponse = {
        inv_trx_id: invTrxId,
        local_trx_id: spec.localTrxId,
        trx_type: spec.trxType,
        inv_stock_trf_head_id: extra?.inv_stock_trf_head_id ?? null,
        trx_id: extra?.trx_id ?? null,
        created_at: now.toISOString(),
      };
      await tx.execute(
        sql`UPDATE inventory_trxs SET answer = ${JSON.stringify(answer)}::jsonb WHERE inv_trx_id = ${invTrxId}`,
      );
      return { answer, replayed: false };
    });
  try {
    return await attempt();
  } catch (e) {
    // the same local_trx_id written at the same moment by a request locking other locations: run again,
    // and the repeat finds the first one's row
    if (isUnique(e)) return attempt();
    throw e;
  }
}

const trimmed = (s: string | null | undefined) => {
  const t = s?.trim();
  return t ? t : null;
};

/** POST inventory-in: FROM_SUPPLIER, good and bad qty at a location of the session's outlet. */
export async function stockIn(deps: AppDeps, auth: AuthContext, body: StockIn): Promise<WriteResult> {
  const outletId = requireOutlet(auth);
  return runWrite(deps, auth, {
    trxType: 'FROM_SUPPLIER',
    localTrxId: body.local_trx_id,
    body,
    locationIds: [body.inv_sloc_id],
    build: async (tx, locations) => {
      ownLocation(locations, body.inv_sloc_id, outletId, 'inv_sloc_id');
      if (body.inv_vendor_id) {
        const [v] = rows(
          await tx.execute(sql`
            SELECT 1 FROM vendors WHERE inv_vendor_id = ${body.inv_vendor_id} AND business_id = ${auth.business_id}`),
        );
        if (!v) throw invalid(S.vendorUnknown, 'inv_vendor_id');
      }
      const decimals = await qtyDecimals(tx, auth.business_id);
      const variants = await variantsOf(tx, auth.business_id, body.items);
      const moves = body.items.map((it, i): Move => {
        const qty = qtyAt(it.qty, decimals);
        const bad_qty = qtyAt(it.bad_qty, decimals);
        if (!big(qty).plus(bad_qty).gt(0)) throw invalid(M.qtyZero, `items.${i}.qty`);
        return {
          inv_sloc_id: body.inv_sloc_id,
          variant: variants[i],
          entry_type: INV_ENTRY.fromSupplier,
          qty,
          bad_qty,
          // the net price: price × (100 − discount %) / 100, to the cent
          unit_cost: roundMoney(big(it.price).times(big(100).minus(it.disc_percent)).div(100), 2),
          inv_vendor_id: body.inv_vendor_id ?? null,
          field: `items.${i}.qty`,
        };
      });
      return { moves, notes: trimmed(body.notes) };
    },
  });
}

/** POST inventory-out: TO_BAD_STOCK (good → bad) or CONSUMPTION (GENERAL, or FOR_CUSTOMER naming a sale). */
export async function stockOut(deps: AppDeps, auth: AuthContext, body: StockOut): Promise<WriteResult> {
  const outletId = requireOutlet(auth);
  const consumption = body.trx_type === 'CONSUMPTION';
  if (consumption && !body.consumption_type) throw invalid(S.consumptionTypeRequired, 'consumption_type');
  const forCustomer = consumption && body.consumption_type === 'FOR_CUSTOMER';
  if (forCustomer && !body.pos_sales_local_trx_id) throw invalid(S.saleRequired, 'pos_sales_local_trx_id');
  return runWrite(deps, auth, {
    trxType: consumption ? `CONSUMPTION_${body.consumption_type}` : 'TO_BAD_STOCK',
    localTrxId: body.local_trx_id,
    body,
    locationIds: [body.inv_sloc_id],
    build: async (tx, locations) => {
      ownLocation(locations, body.inv_sloc_id, outletId, 'inv_sloc_id');
      if (forCustomer) {
        // A sale the server holds (synced, or saved to the archive) must be this outlet's; an id it does
        // not know is a pending sale not yet synced ('Transaksi Tertunda') and is accepted (docs/decisions.md).
        const [other] = rows(
          await tx.execute(sql`
            SELECT 1 FROM pos_sales_trx_heads h
            WHERE h.local_trx_id = ${body.pos_sales_local_trx_id} AND h.business_outlet_id <> ${outletId}
            UNION ALL
            SELECT 1 FROM pos_sales_trx_archives a
            WHERE a.local_trx_id = ${body.pos_sales_local_trx_id}
              AND (a.business_outlet_id <> ${outletId} OR a.business_id <> ${auth.business_id})
            LIMIT 1`),
        );
        if (other) throw invalid(S.saleUnknown, 'pos_sales_local_trx_id');
      }
      const decimals = await qtyDecimals(tx, auth.business_id);
      const variants = await variantsOf(tx, auth.business_id, body.items);
      const moves: Move[] = [];
      for (const [i, it] of body.items.entries()) {
        const qty = qtyAt(it.qty, decimals);
        if (!(qty > 0)) throw invalid(M.qtyZero, `items.${i}.qty`);
        const base = { inv_sloc_id: body.inv_sloc_id, variant: variants[i], field: `items.${i}.qty` };
        moves.push(
          consumption
            ? {
                ...base,
                entry_type: INV_ENTRY.consumption,
                qty: -qty,
                bad_qty: 0,
                unit_cost: await variantCogs(tx, auth.business_id, variants[i]),
                ref_local_trx_id: forCustomer ? body.pos_sales_local_trx_id : null,
              }
            : { ...base, entry_type: INV_ENTRY.toBadStock, qty: -qty, bad_qty: qty },
        );
      }
      return { moves, notes: trimmed(body.notes) };
    },
  });
}

/**
 * POST inventory-adjustment: the server keeps the intent (type and the entered figures) and computes the
 * finals from its own ledger: FINAL sets good = qty and bad = bad_qty; INCREASE / DECREASE add or take
 * input_qty good and bad_qty bad.
 */
export async function adjustStock(deps: AppDeps, auth: AuthContext, body: Adjustment): Promise<WriteResult> {
  const outletId = requireOutlet(auth);
  if (body.adjustment_type !== 'FINAL' && (body.input_qty === null || body.input_qty === undefined))
    throw invalid(API_MESSAGES.invalidInput, 'input_qty');
  return runWrite(deps, auth, {
    trxType: `ADJUSTMENT_${body.adjustment_type}`,
    localTrxId: body.local_trx_id,
    body,
    locationIds: [body.inv_sloc_id],
    build: async (tx, locations) => {
      ownLocation(locations, body.inv_sloc_id, outletId, 'inv_sloc_id');
      const [variant] = await variantsOf(tx, auth.business_id, [body], () => 'pos_item_variant_id');
      const decimals = await qtyDecimals(tx, auth.business_id);
      const entered = adjustmentInputOf(body);
      const input = { qty: qtyAt(entered.qty, decimals), bad_qty: qtyAt(entered.bad_qty, decimals) };
      const now = (await stockAt(tx, body.inv_sloc_id, [variant.pos_item_variant_id])).get(
        variant.pos_item_variant_id,
      ) ?? { qty: 0, bad_qty: 0 };
      // the same rule as the screen's figures (src/domain/inventory-adjustment.ts), on the server's own stock
      const { delta } = adjustmentFigures(body.adjustment_type, now, input);
      if (body.adjustment_type !== 'FINAL' && delta.qty === 0 && delta.bad_qty === 0)
        throw invalid(M.qtyZero, 'input_qty');
      const moves: Move[] =
        delta.qty === 0 && delta.bad_qty === 0
          ? []
          : [
              {
                inv_sloc_id: body.inv_sloc_id,
                variant,
                entry_type: INV_ENTRY.adjustment,
                ...delta,
                field: body.adjustment_type === 'FINAL' ? 'qty' : 'input_qty',
              },
            ];
      return { moves, notes: trimmed(body.notes) };
    },
  });
}

/** POST transfer-out: stock leaves a location of the session's outlet at once and is in transit. */
export async function transferOut(deps: AppDeps, auth: AuthContext, body: TransferOut): Promise<WriteResult> {
  const outletId = requireOutlet(auth);
  if (body.source_inv_sloc_id === body.target_inv_sloc_id)
    throw invalid(M.sameLocation, 'target_inv_sloc_id');
  return runWrite(deps, auth, {
    trxType: 'TRANSFER_OUT',
    localTrxId: body.local_trx_id,
    body,
    locationIds: [body.source_inv_sloc_id, body.target_inv_sloc_id],
    build: async (tx, locations) => {
      ownLocation(locations, body.source_inv_sloc_id, outletId, 'source_inv_sloc_id');
      if (!locations.has(body.target_inv_sloc_id)) throw invalid(S.locationUnknown, 'target_inv_sloc_id');
      const decimals = await qtyDecimals(tx, auth.business_id);
      const variants = await variantsOf(tx, auth.business_id, body.items);
      const quantities = body.items.map((it, i) => {
        const qty = qtyAt(it.qty, decimals);
        if (!(qty > 0)) throw invalid(M.qtyZero, `items.${i}.qty`);
        return qty;
      });
      const moves = body.items.map((_, i): Move => {
        return {
          inv_sloc_id: body.source_inv_sloc_id,
          variant: variants[i],
          entry_type: INV_ENTRY.transferOut,
          qty: -quantities[i],
          bad_qty: 0,
          field: `items.${i}.qty`,
        };
      });
      const notes = trimmed(body.notes);
      return {
        moves,
        notes,
        after: async (invTrxId, now) => {
          const items = body.items.map((it, i) => ({
            inv_stock_trf_detail_id: i + 1,
            pos_item_id: variants[i].pos_item_id,
            pos_item_variant_id: it.pos_item_variant_id,
            qty: quantities[i],
            uuid: it.uuid ?? null,
          }));
          const trxId = `TRF-${invTrxId}`;
          const [h] = rows<{ id: string | number }>(
            await tx.execute(sql`
              INSERT INTO inv_stock_trf_heads (business_id, inv_trx_id, trx_id, source_inv_sloc_id,
                target_inv_sloc_id, notes, items, created_at)
              VALUES (${auth.business_id}, ${invTrxId}, ${trxId}, ${body.source_inv_sloc_id},
                ${body.target_inv_sloc_id}, ${notes}, ${JSON.stringify(items)}::jsonb, ${now.toISOString()}::timestamptz)
              RETURNING inv_stock_trf_head_id AS id`),
          );
          return { inv_stock_trf_head_id: Number(h.id), trx_id: trxId };
        },
      };
    },
  });
}

/**
 * POST transfer-in: accepts an incoming transfer once, at a location of the session's outlet (the
 * transfer's target must be one of them). Keyed as the write 'transfer-in-{head}': the same acceptance
 * again answers the first; another body is refused ('Transfer ini sudah diterima.').
 */
export async function transferIn(deps: AppDeps, auth: AuthContext, body: TransferIn): Promise<WriteResult> {
  const outletId = requireOutlet(auth);
  let head: { target_inv_sloc_id: number; items: { pos_item_variant_id: number; qty: number }[] } | null =
    null;
  return runWrite(
    deps,
    auth,
    {
      trxType: 'TRANSFER_IN',
      localTrxId: `transfer-in-${body.inv_stock_trf_head_id}`,
      body,
      locationIds: [body.inv_sloc_id],
      reusedMessage: S.transferAccepted,
      build: async (tx, locations) => {
        ownLocation(locations, body.inv_sloc_id, outletId, 'inv_sloc_id');
        if (!head) throw invalid(S.transferUnknown, 'inv_stock_trf_head_id');
        const h = head;
        const variants = await variantsOf(tx, auth.business_id, h.items, () => 'inv_stock_trf_head_id');
        const notes = trimmed(body.notes);
        return {
          moves: h.items.map((it, i) => ({
            inv_sloc_id: body.inv_sloc_id,
            variant: variants[i],
            entry_type: INV_ENTRY.transferIn,
            qty: it.qty,
            bad_qty: 0,
            field: 'inv_stock_trf_head_id',
          })),
          notes,
          after: async (invTrxId, now) => {
            const [r] = rows<{ trx_id: string }>(
              await tx.execute(sql`
                UPDATE inv_stock_trf_heads SET accepted_at = ${now.toISOString()}::timestamptz,
                  accepted_inv_sloc_id = ${body.inv_sloc_id}, accepted_by = ${auth.business_user_id},
                  accept_notes = ${notes}
                WHERE inv_stock_trf_head_id = ${body.inv_stock_trf_head_id}
                RETURNING trx_id`),
            );
            void invTrxId;
            return { inv_stock_trf_head_id: body.inv_stock_trf_head_id, trx_id: r.trx_id };
          },
        };
      },
    },
    async (tx) => {
      // first lock: the head, so two acceptances of one transfer run one after the other
      head = null;
      const [h] = rows<{
        target_inv_sloc_id: number;
        target_outlet: number;
        accepted_at: unknown;
        items: { pos_item_variant_id: number; qty: number }[] | string;
      }>(
        await tx.execute(sql`
          SELECT h.target_inv_sloc_id, t.business_outlet_id AS target_outlet, h.accepted_at, h.items
          FROM inv_stock_trf_heads h JOIN storage_locations t ON t.inv_sloc_id = h.target_inv_sloc_id
          WHERE h.inv_stock_trf_head_id = ${body.inv_stock_trf_head_id} AND h.business_id = ${auth.business_id}
          FOR UPDATE OF h`),
      );
      if (!h || h.target_outlet !== outletId) throw invalid(S.transferUnknown, 'inv_stock_trf_head_id');
      // an accepted head is answered by its stored write (same body) or refused (runWrite)
      head = h.accepted_at
        ? null
        : {
            target_inv_sloc_id: h.target_inv_sloc_id,
            items: typeof h.items === 'string' ? JSON.parse(h.items) : h.items,
          };
    },
  );
}
