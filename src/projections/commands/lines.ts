import {
  CUSTOM_ITEM_DEFAULT_DISCOUNT,
  customItemTemplate,
  type DeleteActionType,
  type DeletedDetail,
  deleteNeedsPin,
  findMergeableLine,
  hasRoleAccess,
  isAutoSplit,
  lastPrintedAfterEdit,
  type PosConfig,
  type PosItem,
  restoreOriginalPrices,
  setCustomPrice,
  type TrxDetail,
  validateAuthorization,
  validateCustomPrice,
  validateItemModal,
  validateLineRemoval,
  validateLineWorkers,
  validateQty,
} from '../../domain';
import { SALE_MESSAGES } from '../../domain/texts/sale';
import type { SupervisorApproval, TransactionRecord } from '../../events';
import {
  type CommandContext,
  EDITABLE,
  type Plan,
  priced,
  type Runner,
  refuse,
  ZERO_TOTALS as ZERO,
} from './context';
import type {
  AddCustomItemInput,
  AddItemInput,
  Authorization,
  CashierCommands,
  EditLineInput,
  LineFields,
  RemoveLineInput,
} from './types';

/** The variant a line uses: the chosen id, or the only one. */
const pickVariant = (item: PosItem, id: number) =>
  item.pos_item_variants.find((v) => Number(v.pos_item_variant_id) === Number(id)) ??
  (item.pos_item_variants.length === 1 ? item.pos_item_variants[0] : undefined);

/** Qty of the lines in a category, the edited line left out. */
const categoryQty = (
  trx: TransactionRecord,
  categoryId: number | null | undefined,
  exceptId?: string,
): number =>
  trx.details
    .filter((l) => l.local_trx_detail_id !== exceptId && l.itemMeta.pos_item_category_id === categoryId)
    .reduce((sum, l) => sum + Number(l.qty), 0);

/** The item modal's checks (src/domain validateItemModal) for a line as it would be. */
function checkLine(trx: TransactionRecord, line: TrxDetail, qtyInput: unknown) {
  const item = line.itemMeta;
  const isCoupon = trx.trx_type === 'COUPON_SALES';
  const variant = pickVariant(item, line.pos_item_variant_id);
  const categoryId = item.pos_item_category_id ?? null;
  const couponLink = trx.coupon?.coupon_item ?? null;
  const itemMaxQty = line.coupon
    ? couponLink?.item_max_qty
    : line.redeem
      ? trx.redeem?.redeem_item?.item_max_qty
      : null;
  return validateItemModal({
    qty: qtyInput,
    variantMissing: !variant,
    isCouponTransaction: isCoupon,
    custom_discount_type: line.custom_discount_type ?? null,
    custom_discount_value: line.custom_discount_value ?? null,
    price: Number(variant?.variant_price ?? 0),
    maxCustomDiscount: isCoupon ? item.coupon_meta?.max_custom_discount : item.max_custom_discount,
    itemMaxQty: itemMaxQty ?? null,
    chosenPromo: line.pos_item_discounts[0] ?? null,
    couponLink,
    lineCategoryId: categoryId,
    categoryQtyIncludingThisLine: categoryQty(trx, categoryId, line.local_trx_detail_id) + Number(line.qty),
  });
}

/** The line fields of the item modal, written onto a line. */
function applyFields(line: TrxDetail, f: Partial<LineFields>): TrxDetail {
  const next: TrxDetail = { ...line };
  if (f.qty !== undefined) next.qty = Number(f.qty);
  if (f.pos_item_variant_id !== undefined) next.pos_item_variant_id = Number(f.pos_item_variant_id);
  if (f.pos_item_pos_item_modifiers !== undefined)
    next.pos_item_pos_item_modifiers = f.pos_item_pos_item_modifiers;
  if (f.pos_item_discounts !== undefined) next.pos_item_discounts = f.pos_item_discounts;
  if (f.custom_discount_type !== undefined) next.custom_discount_type = f.custom_discount_type;
  if (f.custom_discount_value !== undefined) next.custom_discount_value = f.custom_discount_value;
  if (f.notes !== undefined) next.notes = f.notes;
  if (f.secret_notes !== undefined) next.secret_notes = f.secret_notes;
  if (f.tags !== undefined) next.tags = f.tags;
  if (f.commission_worker !== undefined) {
    next.commission_worker = f.commission_worker;
    next.business_commission_worker_id = f.commission_worker?.business_commission_worker_id ?? null;
  }
  if (f.commission_workers !== undefined) next.commission_workers = f.commission_workers;
  if (f.item_sellers !== undefined) next.item_sellers = f.item_sellers;
  if (f.service_area !== undefined) next.service_area = f.service_area;
  if (f.pos_item_package_details !== undefined) next.pos_item_package_details = f.pos_item_package_details;
  if (f.coupon_notes !== undefined) next.coupon_notes = f.coupon_notes;
  if (f.coupon_activation_date !== undefined) next.coupon_activation_date = f.coupon_activation_date;
  return next;
}

/** The coupon / redeem marker of a line being added (never changed by an edit). */
function withOrigin(line: TrxDetail, input: Pick<LineFields, 'coupon' | 'redeem'>): TrxDetail {
  const next = { ...line };
  if (input.coupon) next.coupon = input.coupon;
  if (input.redeem) next.redeem = input.redeem;
  return next;
}

/** A deleted_details entry: the line as it was, the action, time, reason and quantities. */
export function logEntry(
  line: TrxDetail,
  actionType: DeleteActionType,
  ctx: CommandContext,
  extra: { reason?: string | null; initial_qty?: number; modified_qty?: number } = {},
): DeletedDetail {
  const entry: DeletedDetail = {
    ...line,
    actionType,
    deleteTime: ctx.stamp,
    deleteReason: extra.reason ?? null,
  };
  if (extra.initial_qty !== undefined) entry.initial_qty = extra.initial_qty;
  if (extra.modified_qty !== undefined) entry.modified_qty = extra.modified_qty;
  return entry;
}

/** Who allowed it, when the password was asked for (pos_cashier_delete_by_pin = 1) and the server named them. */
export function approvalOf(
  config: PosConfig,
  authorization: Authorization | undefined,
): SupervisorApproval | undefined {
  if (!deleteNeedsPin(config) || !authorization?.supervisor) return undefined;
  const { business_user_id, supervisor_name, validated_at } = authorization.supervisor;
  return { business_user_id, supervisor_name, validated_at };
}

/** The optional `supervisor` field of an event payload (absent rather than undefined: the hash is of JSON). */
export const supervisorField = (supervisor: SupervisorApproval | undefined) =>
  supervisor ? { supervisor } : {};

/** pos_cashier_delete_by_pin = 1: the authorization's messages, or the modal to open. */
export function checkAuthorization(
  config: PosConfig,
  authorization: Authorization | undefined,
  kind: 'qty-reduction' | 'deletion',
): { ok: false; message: string; authorizationRequired?: 'qty-reduction' | 'deletion' } | null {
  if (!deleteNeedsPin(config)) return null;
  if (!authorization) return refuse(SALE_MESSAGES.passwordRequired, kind);
  const message = validateAuthorization({
    password: authorization.password,
    reason: authorization.reason,
    kind,
  });
  return message ? refuse(message, kind) : null;
}

function lineOf(trx: TransactionRecord, id: string): TrxDetail | undefined {
  return trx.details.find((l) => l.local_trx_detail_id === id);
}

export function lineCommands(
  r: Runner,
): Pick<
  CashierCommands,
  | 'addItem'
  | 'editLine'
  | 'setLineWorkers'
  | 'removeLine'
  | 'addCustomItem'
  | 'setCustomPrice'
  | 'restorePrice'
> {
  const change = (
    trx: TransactionRecord,
    ctx: CommandContext,
    line: TrxDetail,
    log: DeletedDetail | null,
    supervisor?: SupervisorApproval,
  ): Plan<object> => ({
    ok: true,
    events: [
      priced(
        trx,
        r.event(ctx, trx.local_trx_id, 'trx.lineChanged', {
          line,
          log,
          totals: ZERO,
          ...(supervisor ? { supervisor } : {}),
        }),
        ctx.config,
      ),
    ],
    value: {},
  });

  return {
    addItem: (input: AddItemInput) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const qtyMessage = validateQty(input.qty);
        if (qtyMessage) return refuse(qtyMessage);
        const { item } = input;
        const mergeable =
          item.is_custom === 1 || trx.trx_type !== 'NORMAL'
            ? undefined
            : findMergeableLine(trx.details, {
                pos_item_id: Number(item.pos_item_id),
                pos_item_variant_id: Number(input.pos_item_variant_id),
                is_package: item.is_package,
                coupon: input.coupon ?? null,
                redeem: input.redeem ?? null,
              });
        let line: TrxDetail;
        if (mergeable) {
          const qty = Number(mergeable.qty) + Number(input.qty);
          line = { ...mergeable, qty, last_printed_at: lastPrintedAfterEdit(mergeable, qty) };
        } else {
          const salesType =
            input.pos_sales_type ??
            ctx.config.sales_type.find((s) => Number(s.pos_salesType_id) === Number(trx.pos_salesType_id)) ??
            null;
          const base: TrxDetail = {
            local_trx_detail_id: ctx.newId(),
            itemMeta: item,
            pos_item_id: Number(item.pos_item_id),
            pos_item_variant_id: Number(input.pos_item_variant_id),
            package_pos_item_id: 0,
            is_package: Number(item.is_package ?? 0),
            is_custom: Number(item.is_custom ?? 0),
            qty: Number(input.qty),
            pos_item_pos_item_modifiers: [],
            pos_item_discounts: [],
            commission_workers: [],
            item_sellers: [],
            pos_item_package_details: item.pos_item_package_details ?? [],
            pos_sales_type: salesType,
            tags: [],
            local_created_at: ctx.stamp,
            last_printed_at: null,
          };
          line = withOrigin(applyFields(base, input), input);
        }
        const message = checkLine(trx, line, line.qty);
        if (message) return refuse(message);
        const event = r.event(ctx, trx.local_trx_id, 'trx.lineAdded', {
          line,
          merged: !!mergeable,
          totals: ZERO,
        });
        return {
          ok: true,
          events: [priced(trx, event, ctx.config)],
          value: { local_trx_detail_id: line.local_trx_detail_id, merged: !!mergeable },
        };
      }),

    editLine: (input: EditLineInput) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const old = lineOf(trx, input.local_trx_detail_id);
        if (!old) return refuse(SALE_MESSAGES.skuNotFound);
        const { item, ...fields } = input.changes;
        if (fields.qty !== undefined) {
          const qtyMessage = validateQty(fields.qty);
          if (qtyMessage) return refuse(qtyMessage);
        }
        let line = applyFields(item ? { ...old, itemMeta: item } : old, fields);
        const message = checkLine(trx, line, line.qty);
        if (message) return refuse(message);
        const qtyChanged = Number(old.qty) !== Number(line.qty);
        if (qtyChanged) {
          const refusal = checkAuthorization(ctx.config, input.authorization, 'qty-reduction');
          if (refusal) return refusal;
        }
        line = { ...line, last_printed_at: lastPrintedAfterEdit(old, Number(line.qty)) };
        const log = qtyChanged
          ? logEntry(old, 'MODIFY_QTY', ctx, {
              reason: input.authorization?.reason ?? null,
              initial_qty: Number(old.qty),
              modified_qty: Number(line.qty),
            })
          : logEntry(old, 'MODIFY_ITEM', ctx);
        const supervisor = qtyChanged ? approvalOf(ctx.config, input.authorization) : undefined;
        return change(trx, ctx, line, log, supervisor);
      }),

    setLineWorkers: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const line = lineOf(trx, input.local_trx_detail_id);
        if (!line) return refuse(SALE_MESSAGES.skuNotFound);
        const w = input.workers;
        const workers = {
          commission_worker: w.commission_worker ?? null,
          commission_workers: w.commission_workers ?? [],
          business_commission_worker_id:
            w.commission_worker?.business_commission_worker_id ?? w.business_commission_worker_id ?? null,
          // package details: only their worker fields come from the input
          pos_item_package_details: (line.pos_item_package_details ?? []).map((d, i) => {
            const next = w.pos_item_package_details?.[i];
            return next
              ? {
                  ...d,
                  business_commission_worker: next.business_commission_worker ?? null,
                  commission_workers: next.commission_workers ?? [],
                }
              : d;
          }),
        };
        const autoSplit = isAutoSplit(ctx.config.is_pos_auto_split_multicommission ?? 0, line);
        const message = validateLineWorkers(workers, line.itemMeta, ctx.config, autoSplit);
        if (message) return refuse(message);
        const event = r.event(ctx, trx.local_trx_id, 'trx.lineWorkersSet', {
          local_trx_detail_id: line.local_trx_detail_id,
          workers,
        });
        return { ok: true, events: [event], value: {} };
      }),

    removeLine: (input: RemoveLineInput) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const line = lineOf(trx, input.local_trx_detail_id);
        if (!line) return refuse(SALE_MESSAGES.skuNotFound);
        const ruleMessage = validateLineRemoval(line, trx);
        if (ruleMessage) return refuse(ruleMessage);
        const refusal = checkAuthorization(ctx.config, input.authorization, 'deletion');
        if (refusal) return refusal;
        const withPin = deleteNeedsPin(ctx.config);
        const log = logEntry(line, withPin ? 'DELETE_ITEM' : 'DELETE', ctx, {
          reason: withPin ? (input.authorization?.reason ?? null) : null,
        });
        const event = r.event(ctx, trx.local_trx_id, 'trx.lineRemoved', {
          local_trx_detail_id: line.local_trx_detail_id,
          log,
          clearDiscounts: !hasRoleAccess(ctx.config, 'DISCOUNT_TRANSACTION'),
          totals: ZERO,
          ...supervisorField(approvalOf(ctx.config, input.authorization)),
        });
        return { ok: true, events: [priced(trx, event, ctx.config)], value: {} };
      }),

    addCustomItem: (input: AddCustomItemInput) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const qtyMessage = validateQty(input.qty);
        if (qtyMessage) return refuse(qtyMessage);
        const price = Number(input.price);
        if (!Number.isFinite(price) || price <= 0) return refuse(SALE_MESSAGES.priceZero);
        const template = customItemTemplate(input.item_name);
        const itemMeta: PosItem = {
          ...template,
          pos_item_variants: template.pos_item_variants.map((v) => ({ ...v, variant_price: price })),
        };
        const line = applyFields(
          {
            local_trx_detail_id: ctx.newId(),
            itemMeta,
            pos_item_id: Number(itemMeta.pos_item_id),
            pos_item_variant_id: Number(itemMeta.pos_item_variants[0].pos_item_variant_id),
            package_pos_item_id: 0,
            is_package: 0,
            is_custom: 1,
            qty: Number(input.qty),
            ...CUSTOM_ITEM_DEFAULT_DISCOUNT,
            pos_item_pos_item_modifiers: [],
            pos_item_discounts: [],
            commission_workers: [],
            item_sellers: [],
            pos_item_package_details: [],
            pos_sales_type:
              ctx.config.sales_type.find(
                (s) => Number(s.pos_salesType_id) === Number(trx.pos_salesType_id),
              ) ?? null,
            tags: [],
            local_created_at: ctx.stamp,
            last_printed_at: null,
          },
          {
            notes: input.notes ?? null,
            commission_worker: input.commission_worker,
            commission_workers: input.commission_workers,
            service_area: input.service_area,
          },
        );
        const event = r.event(ctx, trx.local_trx_id, 'trx.lineAdded', { line, merged: false, totals: ZERO });
        return {
          ok: true,
          events: [priced(trx, event, ctx.config)],
          value: { local_trx_detail_id: line.local_trx_detail_id },
        };
      }),

    setCustomPrice: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const old = lineOf(trx, input.local_trx_detail_id);
        if (!old) return refuse(SALE_MESSAGES.skuNotFound);
        const variant = pickVariant(old.itemMeta, old.pos_item_variant_id);
        if (!variant) return refuse(SALE_MESSAGES.variantRequired);
        const original = variant.custom_price
          ? Number(variant.original_price ?? variant.variant_price)
          : Number(variant.variant_price);
        const message = validateCustomPrice({
          price: input.price,
          originalPrice: original,
          allowLessThanOriginal: hasRoleAccess(ctx.config, 'CUSTOM_PRICE_LESS_THAN_ORIGINAL'),
          currency: ctx.config.currency_code,
          separators: ctx.separators,
        });
        if (message) return refuse(message);
        const variants = setCustomPrice(
          old.itemMeta.pos_item_variants,
          Number(variant.pos_item_variant_id),
          Number(input.price),
        );
        const line = { ...old, itemMeta: { ...old.itemMeta, pos_item_variants: variants } };
        return change(trx, ctx, line, logEntry(old, 'MODIFY_ITEM', ctx));
      }),

    restorePrice: (input) =>
      r.onTrx(input.local_trx_id, EDITABLE, (trx, ctx) => {
        const old = lineOf(trx, input.local_trx_detail_id);
        if (!old) return refuse(SALE_MESSAGES.skuNotFound);
        const variants = restoreOriginalPrices(old.itemMeta.pos_item_variants);
        const line = { ...old, itemMeta: { ...old.itemMeta, pos_item_variants: variants } };
        return change(trx, ctx, line, logEntry(old, 'MODIFY_ITEM', ctx));
      }),
  };
}
