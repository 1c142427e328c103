// Step 2 – edit the transaction (000 §2): left the catalogue (sales and coupon sales), the top-up or
// receivable-payment form (special/SpecialForm), the membership form (special/MembershipForm), right the meta panel, the customer,
// the cart, the redeem / coupon banners and the actions.
import { Button, Group, Paper, ScrollArea, SimpleGrid, Stack } from '@mantine/core';
import { memo, type ReactElement } from 'react';
import { formatCurrency, isAmountKind, type PosConfig, type PosTransaction } from '../../../../domain';
import type { CashierEvent } from '../../../../machines/cashier';
import { GRID_BUTTON } from '../../../components/buttons';
import '../../../components/light-dialog.css';
import { Cart } from '../cart';
import { Catalogue } from '../catalogue';
import { usePos } from '../context';
import { CouponBanner, CouponDialogHost, openCouponDialog } from '../coupon';
import { CustomerPanel } from '../customer';
import { TrxMetaPanel } from '../dialogs';
import { useDialogs } from '../dialogs/store';
import { RedeemBanner } from '../redeem/RedeemBanner';
import { openRedeemDialog } from '../redeem/store';
import { MembershipForm } from '../special/MembershipForm';
import { SpecialForm } from '../special/SpecialForm';
import { allowed, canDiscountTransaction, isFlagOn } from './access';
import { Split } from './Split';

export const STEP2_ACTIONS = {
  stockOut: 'Stok Keluar',
  notes: 'Notes',
  cancel: 'Batal',
  save: 'Simpan',
  checkout: 'Checkout',
  discount: 'Discount',
  redeem: 'Redeem',
  coupon: 'Kupon',
  continue: 'Continue',
} as const;

// the special kinds whose step 2 is a form of their own (besides the amount kinds' SpecialForm)
const SPECIAL_FORMS: Record<string, (props: { trx: PosTransaction }) => ReactElement> = {
  MEMBERSHIP_SALES: MembershipForm,
};

function Banners() {
  const { trx } = usePos();
  if (!trx) return null;
  const couponName = trx.coupon?.coupon_item?.coupon_name;
  return (
    <>
      <RedeemBanner />
      {trx.coupon && <CouponBanner name={couponName ?? '-'} />}
      <CouponDialogHost />
    </>
  );
}

function Actions() {
  const { trx, config, cashier } = usePos();
  const dialogs = useDialogs();
  if (!trx) return null;
  return (
    <ActionsView
      config={config}
      local_trx_id={trx.local_trx_id}
      isSales={(trx.trx_type ?? 'NORMAL') === 'NORMAL'}
      amountKind={isAmountKind(trx.trx_type)}
      appointment={cashier.appointment}
      busy={cashier.busy}
      send={cashier.send}
      openStockOut={dialogs.openStockOut}
      openNotes={dialogs.openNotes}
      openGlobalDiscount={dialogs.openGlobalDiscount}
    />
  );
}

interface ActionsViewProps {
  config: PosConfig;
  local_trx_id: string;
  isSales: boolean;
  /** A top-up or receivable payment: one amount, no discount (the server refuses one on it). */
  amountKind: boolean;
  appointment: boolean;
  busy: boolean;
  send: (event: CashierEvent) => void;
  openStockOut: (local_trx_id: string) => void;
  openNotes: () => void;
  openGlobalDiscount: () => void;
}

// Values and the dialogs store's functions only: a cart change does not re-render the buttons.
const ActionsView = memo(function ActionsView({
  config,
  local_trx_id,
  isSales,
  amountKind,
  appointment,
  busy,
  send,
  openStockOut,
  openNotes,
  openGlobalDiscount,
}: ActionsViewProps) {
  const big = { size: 'md' as const, h: 48 };
  const cell = { ...GRID_BUTTON, size: 'md' as const };
  return (
    <Stack gap="xs" data-testid="step2-actions">
      <SimpleGrid cols={3} spacing="xs">
        {allowed(config, 'POS_SHOW_STOCK_OUT') && (
          <Button {...cell} variant="default" onClick={() => openStockOut(local_trx_id)}>
            {STEP2_ACTIONS.stockOut}
          </Button>
        )}
        <Button {...cell} variant="default" onClick={openNotes}>
          {STEP2_ACTIONS.notes}
        </Button>
        {!appointment && !amountKind && canDiscountTransaction(config) && (
          <Button {...cell} variant="default" onClick={openGlobalDiscount}>
            {STEP2_ACTIONS.discount}
          </Button>
        )}
        {!appointment && isSales && (
          <Button {...cell} variant="default" onClick={openRedeemDialog}>
            {STEP2_ACTIONS.redeem}
          </Button>
        )}
        {!appointment && isSales && isFlagOn(config.subscription_rules?.coupon) && (
          <Button {...cell} variant="default" onClick={openCouponDialog}>
            {STEP2_ACTIONS.coupon}
          </Button>
        )}
      </SimpleGrid>
      {appointment ? (
        <Group gap="xs" grow wrap="nowrap">
          <Button
            {...big}
            variant="light"
            color="red"
            disabled={busy}
            onClick={() => send({ type: 'appointment.cancel' })}
          >
            {STEP2_ACTIONS.cancel}
          </Button>
          <Button {...big} variant="light" disabled={busy} onClick={() => send({ type: 'appointment.save' })}>
            {STEP2_ACTIONS.save}
          </Button>
          <Button {...big} disabled={busy} onClick={() => send({ type: 'appointment.checkout' })}>
            {STEP2_ACTIONS.checkout}
          </Button>
        </Group>
      ) : (
        <Button
          {...big}
          fullWidth
          loading={busy}
          onClick={() => send({ type: 'step.continue' })}
          data-testid="continue"
        >
          {STEP2_ACTIONS.continue}
        </Button>
      )}
    </Stack>
  );
});

/** The grand total stays in view above the actions, however long the cart scrolls. */
function StickyTotal() {
  const { trx, config, separators } = usePos();
  if (!trx || trx.details.length === 0) return null;
  return (
    <div
      className="cart-sum cart-strong"
      style={{ paddingBottom: 'var(--mantine-spacing-xs)' }}
      data-testid="sticky-total"
    >
      <p>TOTAL</p>
      <p>{formatCurrency(trx.drv_grand_total ?? 0, config.currency_code, separators)}</p>
    </div>
  );
}

export function Step2() {
  const { trx } = usePos();
  if (!trx) return null;
  const kind = trx.trx_type ?? 'NORMAL';
  // The forms of the special kinds read the transaction; the catalogue's side reads the page itself.
  return <Step2Layout kind={kind} special={isAmountKind(kind) || SPECIAL_FORMS[kind] ? trx : null} />;
}

// The same elements while the kind stays (a sale's cart changes): the panels below read the page's
// value themselves, so a new line re-renders them, not the split, the scroll area and the paper.
const Step2Layout = memo(function Step2Layout({
  kind,
  special,
}: {
  kind: string;
  special: PosTransaction | null;
}) {
  const Special = SPECIAL_FORMS[kind];
  return (
    <Split
      ratio={[7, 5]}
      left={
        special && isAmountKind(kind) ? (
          <SpecialForm trx={special} />
        ) : special && Special ? (
          <Special trx={special} />
        ) : (
          <Catalogue />
        )
      }
      right={
        <>
          <ScrollArea style={{ flex: 1 }} type="auto" scrollbarSize={6}>
            <Stack gap="sm">
              <TrxMetaPanel />
              <CustomerPanel />
              <Banners />
              <Cart />
            </Stack>
          </ScrollArea>
          <Paper pt="sm">
            <StickyTotal />
            <Actions />
          </Paper>
        </>
      }
    />
  );
});
