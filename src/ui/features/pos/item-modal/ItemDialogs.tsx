// The item dialog as the cashier uses it: validate (src/domain), ask about a missing worker,
// ask for authorization when an existing line's qty changes, then addItem / editLine.
import { memo, type RefObject, useMemo, useRef, useState } from 'react';
import {
  missingWorkerPrompt,
  needsCouponStartDate,
  type PosTransaction,
  validItemPromos,
} from '../../../../domain';
import type { PendingRows } from '../../../../projections/pending';
import { couponsOfItem } from '../catalogue/model';
import { CustomItemModal } from './CustomItemModal';
import {
  couponStartDateDefault,
  type ItemModalTarget,
  initialForm,
  sectionsFor,
  toLineFields,
  validateForm,
  workersFor,
} from './form';
import { ItemModalView } from './ItemModalView';
import type { PosPorts } from './ports';
import { type ItemModalStore, useItemModal } from './store';
import { createBusySignal } from './view-props';

const SLOW_SUBMIT_MS = 300;

/** Calls close once the commands show a new planned row of this transaction (before its commit). */
function closeWhenShown(
  pending: PendingRows | undefined,
  local_trx_id: string,
  close: () => void,
): { readonly closed: boolean; stop: () => void } {
  const state = { closed: false, stop: () => {} };
  if (!pending) return state;
  const before = pending.get(local_trx_id)?.token ?? 0;
  const unsubscribe = pending.subscribe(() => {
    const entry = pending.get(local_trx_id);
    if (state.closed || !entry || entry.committed || entry.token <= before) return;
    state.closed = true;
    unsubscribe();
    close();
  });
  state.stop = unsubscribe;
  return state;
}

interface BodyProps {
  ports: PosPorts;
  trx: PosTransaction;
  /** The latest ports and transaction: what a submit uses (the body skips renders, see below). */
  latest: RefObject<{ ports: PosPorts; trx: PosTransaction }>;
  target: ItemModalTarget;
  onClose: () => void;
}

function ItemModalBodyImpl({ ports, trx, latest, target, onClose }: BodyProps) {
  const { config } = ports;
  const item = target.item;
  const groupCoupons = couponsOfItem(item);
  const couponId = item.coupon_meta?.coupon_id;
  const couponList = groupCoupons.length
    ? groupCoupons
    : config.coupons.filter((c) => c.coupon_id === couponId);
  const [form, setForm] = useState(() =>
    initialForm(target, config, {
      couponStartDate: couponStartDateDefault(trx.trx_type, couponList, trx.customer, ports.now()),
    }),
  );
  // A submit in flight ignores further taps without re-rendering the whole form; the button shows
  // its spinner only when the command is slow (an authorization, a busy device).
  const busyRef = useRef(false);
  // Read by the submit button alone: the spinner does not re-render the form (issue 28).
  const [slow] = useState(createBusySignal);
  const workersOnly = !!target.workersOnly && !!target.line;
  const sections = useMemo(() => {
    const all = sectionsFor(item, config, trx.trx_type);
    // workers only: every other field hidden (and not sent)
    return workersOnly
      ? {
          ...all,
          variantChoice: false,
          customPrice: false,
          itemDiscounts: false,
          customDiscount: false,
          secretNotes: false,
          tags: false,
          sellers: 'none' as const,
          serviceArea: false,
          couponFields: false,
        }
      : all;
  }, [item, config, trx.trx_type, workersOnly]);
  const promos = useMemo(
    () =>
      sections.itemDiscounts
        ? validItemPromos(item, config.pos_item_discounts, {
            now: ports.now(),
            business_user_group_id: config.business_user_group_id,
            customer: trx.customer,
            business_memberships: config.business_memberships,
          })
        : [],
    [sections.itemDiscounts, item, config, trx.customer, ports],
  );
  const workers = useMemo(() => workersFor(item, config), [item, config]);
  const tagOptions = config.tags
    .filter((t) => t.usage_scope === 'ITEM' || t.usage_scope === 'ALL')
    .map((t) => ({ value: String(t.pos_tag_id), label: t.pos_tag_name }));
  const ctxAt = (t: PosTransaction) => ({
    item,
    config,
    trx: t,
    promos,
    sections,
    editingLineId: target.line?.local_trx_detail_id,
    itemMaxQty: target.itemMaxQty,
  });
  const fail = (message: string) => latest.current.ports.notify('error', message);

  /** Workers only (issue 10): the line's worker fields, payments kept (setLineWorkers). */
  const saveWorkers = async (
    local_trx_detail_id: string,
    fields: ReturnType<typeof toLineFields>,
  ): Promise<boolean> => {
    const { ports, trx } = latest.current;
    busyRef.current = true;
    try {
      const r = await ports.commands.setLineWorkers({
        local_trx_id: trx.local_trx_id,
        local_trx_detail_id,
        workers: {
          commission_worker: fields.commission_worker ?? null,
          commission_workers: fields.commission_workers ?? [],
          pos_item_package_details: fields.pos_item_package_details ?? [],
        },
      });
      if (!r.ok) {
        fail(r.message);
        return false;
      }
      ports.notify('success', 'Item successfully edited!');
      onClose();
      return true;
    } finally {
      busyRef.current = false;
    }
  };

  /** Resolves true when the modal closes (the line was added or edited). */
  const submit = async (): Promise<boolean> => {
    if (busyRef.current) return false;
    const { ports, trx } = latest.current;
    const ctx = ctxAt(trx);
    const message = validateForm(form, ctx);
    if (message) {
      fail(message);
      return false;
    }
    const fields = toLineFields(form, ctx);
    if (workersOnly && target.line) return saveWorkers(target.line.local_trx_detail_id, fields);
    const prompt = missingWorkerPrompt(
      {
        ...fields,
        commission_workers: fields.commission_workers ?? [],
        pos_item_package_details: fields.pos_item_package_details ?? [],
        itemMeta: fields.item,
      },
      config,
      trx.trx_type,
    );
    if (prompt && !(await ports.confirm({ title: prompt }))) return false;
    busyRef.current = true;
    const slowTimer = setTimeout(() => slow.set(true), SLOW_SUBMIT_MS);
    try {
      const line = target.line;
      if (!line) {
        // The modal closes in the frame the planned line shows (pending.ts), not after the commit.
        const closeEarly = closeWhenShown(ports.commands.pending, trx.local_trx_id, onClose);
        let r: Awaited<ReturnType<typeof ports.commands.addItem>>;
        try {
          r = await ports.commands.addItem({
            local_trx_id: trx.local_trx_id,
            ...fields,
            ...(target.origin ?? {}),
          });
        } finally {
          closeEarly.stop();
        }
        if (!r.ok) {
          // A refused plan keeps the modal open; a failed commit has taken its line back.
          fail(r.message);
          return false;
        }
        if (!closeEarly.closed) onClose();
        target.onAdded?.();
        return true;
      }
      const { item: edited, ...changes } = fields;
      const input = {
        local_trx_id: trx.local_trx_id,
        local_trx_detail_id: line.local_trx_detail_id,
        changes: { ...changes, item: edited },
      };
      let r = await ports.commands.editLine(input);
      if (!r.ok && r.authorizationRequired) {
        const authorization = await ports.authorize(r.authorizationRequired);
        if (!authorization) return false;
        r = await ports.commands.editLine({ ...input, authorization });
      }
      if (!r.ok) {
        fail(r.message);
        return false;
      }
      ports.notify('success', 'Item successfully edited!');
      onClose();
      return true;
    } finally {
      clearTimeout(slowTimer);
      busyRef.current = false;
      slow.set(false);
    }
  };

  return (
    <ItemModalView
      opened
      onClose={target.onDismiss ?? onClose}
      onSubmit={submit}
      busySignal={slow}
      item={item}
      form={form}
      setForm={setForm}
      sections={sections}
      promos={promos}
      config={config}
      separators={ports.separators}
      isTablet={ports.isTablet}
      isEditing={!!target.line}
      workers={workers}
      workerStatus={ports.workerStatus}
      tagOptions={tagOptions}
      serviceArea={ports.serviceArea ? (v, on) => ports.serviceArea?.(v, on, 'Service Area') : undefined}
      couponStartDate={{
        show: sections.couponFields && needsCouponStartDate(couponList),
        appliesTo: groupCoupons.length ? groupCoupons.map((c) => c.coupon_name).join(', ') : null,
      }}
      onError={fail}
      itemMaxQty={target.itemMaxQty}
      workersOnly={workersOnly}
    />
  );
}

const sameCustomer = (a: PosTransaction['customer'], b: PosTransaction['customer']) =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The open modal shows the item, the configuration, the transaction's kind and customer (promos)
 * and the worker labels: a line committed meanwhile (its own 'Tambahkan', another tab) re-reads
 * the transaction but must not re-render the whole form while the command finishes.
 */
const ItemModalBody = memo(
  ItemModalBodyImpl,
  (a, b) =>
    a.target === b.target &&
    a.onClose === b.onClose &&
    a.latest === b.latest &&
    a.ports.config === b.ports.config &&
    a.ports.isTablet === b.ports.isTablet &&
    a.ports.separators === b.ports.separators &&
    a.ports.workerStatus === b.ports.workerStatus &&
    a.ports.serviceArea === b.ports.serviceArea &&
    a.trx.local_trx_id === b.trx.local_trx_id &&
    a.trx.trx_type === b.trx.trx_type &&
    sameCustomer(a.trx.customer, b.trx.customer),
);

/** Renders whichever item dialog is open (mounted once by the cashier page). */
export function ItemDialogs({ ports, store }: { ports: PosPorts; store?: ItemModalStore }) {
  const { dialog, close } = useItemModal(store);
  const trx = ports.trx;
  const latest = useRef<{ ports: PosPorts; trx: PosTransaction } | null>(null);
  if (trx) latest.current = { ports, trx };
  if (!dialog || !trx) return null;
  if (dialog.kind === 'custom')
    return <CustomItemModal ports={ports} trx={trx} line={dialog.line ?? null} onClose={close} />;
  const key = `${dialog.target.item.pos_item_id}:${dialog.target.line?.local_trx_detail_id ?? 'new'}:${dialog.target.workersOnly ? 'w' : ''}`;
  return (
    <ItemModalBody
      key={key}
      ports={ports}
      trx={trx}
      latest={latest as RefObject<{ ports: PosPorts; trx: PosTransaction }>}
      target={dialog.target}
      onClose={close}
    />
  );
}
