// The cashier dialogs wired to the cashier page (usePos) and the dialogs store. The views they wrap
// take explicit props (tests, previews).
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../../../api/http';
import { outrankingGlobalDiscount, type PosItemDiscount, type ServiceArea } from '../../../../domain';
import { occupiedAreaIds } from '../../../../projections/selectors';
import { hasAccess } from '../../../app/user-data';
import { usePos } from '../context';
import { useOpenTransactions } from '../open-trx';
import { useLatest, useStable } from '../stable';
import { AuthorizationModalView } from './AuthorizationModal';
import type { InventoryOut } from './dialogs-api';
import { GlobalDiscountDialogView } from './GlobalDiscountDialog';
import { discountTypeOptions, promoOptions } from './global-discount-form';
import { NotesDialogView } from './NotesDialog';
import { ServiceAreaSelectView } from './ServiceAreaSelect';
import { STOCK_OUT_PATH, StockOutModalView } from './StockOutModal';
import { useDialogs } from './store';
import { TrxMetaPanelView } from './TrxMetaPanelView';
import { trxMetaSections } from './trx-meta';

const EMPTY = new Set<number>();

export interface ServiceAreaSelectProps {
  value: { pos_area_id?: unknown } | null | undefined;
  onChange: (area: ServiceArea | null) => void;
  label?: string | null;
  disabled?: boolean;
  /** Inside another modal (the item modal): keep the dropdown above it. */
  zIndex?: number;
}

/** Areas of the configuration; '(OCCUPIED)' from the open transactions other than the one on screen. */
export function ServiceAreaSelect(props: ServiceAreaSelectProps) {
  const { config, local_trx_id } = usePos();
  // Re-read on each commit: the same set (same object) while the occupied areas do not change.
  const open = useOpenTransactions();
  const occupied = useStable(
    useMemo(() => (open ? occupiedAreaIds(open, local_trx_id) : EMPTY), [open, local_trx_id]),
  );
  return (
    <MemoServiceAreaSelectView
      {...props}
      areas={config.area}
      categories={config.area_category}
      occupied={occupied}
    />
  );
}

/** Label Transaksi, document date, the transaction's service area and Tags (step 2's right panel). */
export function TrxMetaPanel() {
  const { trx, config, commands, notify } = usePos();
  // What the panel shows, kept as the same objects while a cart change leaves them alone.
  const sections = useStable(trx ? trxMetaSections(config, trx) : null);
  const fields = useStable(
    trx
      ? {
          trx_label: trx.trx_label,
          document_date: trx.document_date,
          service_area: trx.service_area,
          tags: trx.tags,
        }
      : null,
  );
  const id = trx?.local_trx_id ?? null;
  const report = (r: { ok: boolean; message?: string }) => {
    if (!r.ok && r.message) notify('error', r.message);
  };
  const onLabel = useLatest((trx_label: string | null) => {
    if (id) void commands.setLabel({ local_trx_id: id, trx_label }).then(report);
  });
  const onDocumentDate = useLatest((document_date: string | null) => {
    if (id) void commands.setDocumentDate({ local_trx_id: id, document_date }).then(report);
  });
  const onTags = useLatest((tags: number[]) => {
    if (id) void commands.setTags({ local_trx_id: id, tags }).then(report);
  });
  const onServiceArea = useLatest((service_area: ServiceArea | null) => {
    if (id) void commands.setServiceArea({ local_trx_id: id, service_area }).then(report);
  });
  const serviceAreaValue = fields?.service_area;
  const serviceArea = useMemo(
    () => <ServiceAreaSelect value={serviceAreaValue} onChange={onServiceArea} />,
    [serviceAreaValue, onServiceArea],
  );
  if (!sections || !fields) return null;
  return (
    <MemoTrxMetaPanelView
      sections={sections}
      trx={fields}
      onLabel={onLabel}
      onDocumentDate={onDocumentDate}
      onTags={onTags}
      serviceArea={serviceArea}
    />
  );
}

const MemoTrxMetaPanelView = memo(TrxMetaPanelView);
const MemoServiceAreaSelectView = memo(ServiceAreaSelectView);

export function NotesDialog() {
  const { trx, commands, notify } = usePos();
  const { state, close } = useDialogs();
  return (
    <NotesDialogView
      opened={state.notes && !!trx}
      onClose={() => close('notes')}
      notes={trx?.trx_notes}
      onSave={async (trx_notes) => {
        if (!trx) return null;
        const r = await commands.setNotes({ local_trx_id: trx.local_trx_id, trx_notes });
        return r.ok ? null : r.message;
      }}
      notify={(kind, message) => notify(kind, message)}
    />
  );
}

export function GlobalDiscountDialog() {
  const { trx, config, commands, api, notify, now, separators } = usePos();
  const { state, close } = useDialogs();
  const opened = state.globalDiscount && !!trx;
  const [fromServer, setFromServer] = useState<PosItemDiscount[] | null>(null);
  useEffect(() => {
    if (!opened) return;
    let live = true;
    api.customer
      .listDiscounts()
      .then((r) => live && setFromServer(r.pos_item_discounts))
      // 003 §8: a discount load failure is only logged.
      .catch((e: unknown) => console.error(`Fail to load discounts: ${errorMessage(e)}`));
    return () => {
      live = false;
    };
  }, [opened, api.customer]);
  const allowPromo = hasAccess(config, 'ALLOW_PROMO');
  const allowDiscount = hasAccess(config, 'DISCOUNT_TRANSACTION');
  const currency = config.currency_code;
  const types = useMemo(
    () => discountTypeOptions({ ALLOW_PROMO: allowPromo, DISCOUNT_TRANSACTION: allowDiscount }, currency),
    [allowPromo, allowDiscount, currency],
  );
  const customer = trx?.customer ?? null;
  const promos = opened
    ? promoOptions(config.pos_item_discounts, fromServer, {
        now: now(),
        business_user_group_id: config.business_user_group_id,
        customer,
        business_memberships: config.business_memberships,
      })
    : [];
  return (
    <GlobalDiscountDialogView
      opened={opened}
      onClose={() => close('globalDiscount')}
      types={types}
      promos={promos}
      states={trx?.states}
      currency={currency}
      separators={separators}
      onApply={async (input) => {
        if (!trx) return null;
        const r = await commands.applyGlobalDiscount({ local_trx_id: trx.local_trx_id, ...input });
        return r.ok ? null : r.message;
      }}
      notify={(kind, message) => notify(kind, message)}
      outranked={trx ? outrankingGlobalDiscount(trx) : null}
    />
  );
}

export function StockOutModal() {
  const { config, commands, api } = usePos();
  const { state, close } = useDialogs();
  const [, navigate] = useLocation();
  const onLoaded = useCallback(
    (local_trx_id: string, data: InventoryOut) => {
      // Kept on the transaction so submit knows the consumption was recorded; a refusal (the
      // transaction is no longer open) changes nothing on screen.
      void commands.recordStockOut({ local_trx_id, ...data });
    },
    [commands],
  );
  return (
    <StockOutModalView
      localTrxId={state.stockOut}
      onClose={() => close('stockOut')}
      api={api.pos}
      qtyDecimalLength={config.qty_decimal_length}
      onLoaded={onLoaded}
      onCreateStockOut={(local_trx_id) => {
        close('stockOut');
        navigate(`${STOCK_OUT_PATH}?local_trx_id=${encodeURIComponent(local_trx_id)}`);
      }}
    />
  );
}

/** The open authorization request of useDialogs().authorize(). */
export function AuthorizationModal() {
  const { api } = usePos();
  const { state, settleAuthorization } = useDialogs();
  const request = state.authorization;
  return (
    <AuthorizationModalView
      opened={request !== null}
      title={request?.title ?? ''}
      kind={request?.kind ?? 'deletion'}
      api={api.customer}
      onAuthorized={settleAuthorization}
      onCancel={() => settleAuthorization(null)}
    />
  );
}
