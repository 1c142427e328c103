// Step 1 (000 §2): three columns — 'Transaksi Baru', 'Transaksi Tertunda' (+ 'Tersimpan'),
// 'Transaksi Selesai'. The lists are live queries over the transactions read model; every action
// is an event of the cashier machine (open, archive, delete, void, download) or a dialog.
import { Button, Paper, ScrollArea, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { canVoid, isAmountKind } from '../../../../domain';
import { voidConfirmSummary } from '../../../../domain/void-summary';
import type { TransactionRecord } from '../../../../events';
import { receiptPath } from '../../../../machines/cashier';
import { listCompleted, listPending } from '../../../../projections/selectors';
import { useServices } from '../../../app/services';
import { GRID_BUTTON } from '../../../components/buttons';
import { usePos } from '../context';
import { useDialogs } from '../dialogs/store';
import { allowed, isFlagOn } from '../frame/access';
import { showNotAvailable } from '../frame/not-available';
import {
  completedEntry,
  type ListEntry,
  type NewTrxButton,
  newTrxButtons,
  pendingEntry,
  STEP1_TEXTS as T,
  type WordingContext,
} from './model';
import { SavedModal } from './SavedModal';
import { PagedList, TrxCard, type TrxCardAction } from './TrxCard';

function Column({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
        <Title order={4}>{title}</Title>
        {extra}
        <ScrollArea style={{ flex: 1 }} type="auto" scrollbarSize={6}>
          {children}
        </ScrollArea>
      </Stack>
    </Paper>
  );
}

/** The wording context of the lists, re-made once a minute for the relative ages. */
export function useWording(): WordingContext {
  const { config, separators } = usePos();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return useMemo(
    () => ({
      currency: config.currency_code,
      separators,
      qtyDecimalLength: config.qty_decimal_length,
      now,
      documentDateEditable: isFlagOn(config.is_document_date_editable),
    }),
    [config.currency_code, config.qty_decimal_length, config.is_document_date_editable, separators, now],
  );
}

const shownTexts = (entry: ListEntry): string[] => [entry.summary, entry.time, entry.contact];

export function Step1() {
  const { config, cashier, api, isTablet, separators } = usePos();
  const { store } = useServices();
  const db = store.db;
  const dialogs = useDialogs();
  const [, navigate] = useLocation();
  const wording = useWording();
  const [pendingKeyword, setPendingKeyword] = useState('');
  const [completedKeyword, setCompletedKeyword] = useState('');
  const [savedOpen, setSavedOpen] = useState(false);

  // The search also looks in what each entry shows: its summary and its time as displayed (000 §2).
  const pending = useLiveQuery(
    () => listPending(db, { keyword: pendingKeyword, shown: (t) => shownTexts(pendingEntry(t, wording)) }),
    [db, pendingKeyword, wording],
  );
  const completed = useLiveQuery(
    () =>
      listCompleted(db, { keyword: completedKeyword, shown: (t) => shownTexts(completedEntry(t, wording)) }),
    [db, completedKeyword, wording],
  );

  const send = cashier.send;
  const busy = cashier.busy;
  const canStockOut = allowed(config, 'POS_SHOW_STOCK_OUT');
  const canSave = allowed(config, 'SAVE_TRANSACTION');

  const startNew = (button: NewTrxButton) => {
    if (button.action.type === 'sales') {
      send({ type: 'trx.new', trx_type: 'NORMAL', pos_salesType_id: button.action.pos_salesType_id });
    } else if (button.action.trx_type === 'COUPON_SALES') {
      // 'Kirim/Jual Kupon' (issue 14): the catalogue in coupon mode; the server issues the coupons
      send({ type: 'trx.new', trx_type: 'COUPON_SALES' });
    } else if (isAmountKind(button.action.trx_type) || button.action.trx_type === 'MEMBERSHIP_SALES') {
      // 'Top Up Deposit', 'Pembayaran Piutang' and 'Jual Membership' (issue 14): their step 2 form asks for
      // the customer
      send({ type: 'trx.new', trx_type: button.action.trx_type });
    } else {
      showNotAvailable(button.label);
    }
  };

  const pendingActions = (trx: TransactionRecord): TrxCardAction[] => {
    const id = trx.local_trx_id;
    const actions: TrxCardAction[] = [];
    if (canStockOut) actions.push({ label: T.stockOut, onClick: () => dialogs.openStockOut(id) });
    if (canSave)
      actions.push({
        label: 'Simpan',
        onClick: () => send({ type: 'trx.archive', local_trx_id: id }),
        disabled: busy,
      });
    actions.push({
      label: 'Hapus',
      color: 'red',
      onClick: () => send({ type: 'trx.delete', local_trx_id: id }),
      disabled: busy,
    });
    return actions;
  };

  const completedActions = (trx: TransactionRecord): TrxCardAction[] => {
    const id = trx.local_trx_id;
    const actions: TrxCardAction[] = [
      { label: T.view, onClick: () => navigate(receiptPath(id, 'completed')) },
    ];
    if (canVoid(trx, config))
      actions.push({
        label: T.void,
        color: 'red',
        onClick: () =>
          send({
            type: 'trx.void',
            local_trx_id: id,
            trx_status_id: trx.trx_status_id,
            summary: voidConfirmSummary(trx, config.currency_code, separators),
          }),
        disabled: busy,
      });
    if (canStockOut) actions.push({ label: T.stockOut, onClick: () => dialogs.openStockOut(id) });
    return actions;
  };

  const loadSaved = useCallback(() => api.pos.listArchive(), [api.pos]);

  return (
    <>
      <SimpleGrid cols={3} spacing="sm" h="100%" style={{ minHeight: 0 }}>
        <Column title={T.newTrx}>
          <Stack gap="xs" data-testid="new-trx-buttons">
            {newTrxButtons(config).map((b) => (
              <Button
                key={b.key}
                size="lg"
                px={GRID_BUTTON.px}
                styles={GRID_BUTTON.styles}
                variant={b.action.type === 'sales' ? 'filled' : 'light'}
                onClick={() => startNew(b)}
                disabled={busy}
                fullWidth
              >
                {b.label}
              </Button>
            ))}
          </Stack>
        </Column>
        <Column
          title={T.pending}
          extra={
            <>
              <TextInput
                size="md"
                placeholder={T.search}
                value={pendingKeyword}
                onChange={(e) => setPendingKeyword(e.currentTarget.value)}
                aria-label="Cari transaksi tertunda"
              />
              <Button variant="outline" size="md" onClick={() => setSavedOpen(true)}>
                {T.saved}
              </Button>
            </>
          }
        >
          <PagedList
            items={pending ?? []}
            empty={pendingKeyword.trim() ? T.notFound : T.empty}
            render={(trx) => (
              <TrxCard
                key={trx.local_trx_id}
                entry={pendingEntry(trx, wording)}
                onOpen={busy ? undefined : () => send({ type: 'trx.open', local_trx_id: trx.local_trx_id })}
                actions={pendingActions(trx)}
              />
            )}
          />
        </Column>
        <Column
          title={T.completed}
          extra={
            <TextInput
              size="md"
              placeholder={T.search}
              value={completedKeyword}
              onChange={(e) => setCompletedKeyword(e.currentTarget.value)}
              aria-label="Cari transaksi selesai"
            />
          }
        >
          <PagedList
            items={completed ?? []}
            empty={completedKeyword.trim() ? T.notFound : T.empty}
            render={(trx) => (
              <TrxCard
                key={trx.local_trx_id}
                entry={completedEntry(trx, wording)}
                actions={completedActions(trx)}
              />
            )}
          />
        </Column>
      </SimpleGrid>
      <SavedModal
        opened={savedOpen}
        onClose={() => setSavedOpen(false)}
        load={loadSaved}
        onDownload={(id) => send({ type: 'trx.download', local_trx_id: id })}
        busy={busy}
        wording={wording}
        isTablet={isTablet}
      />
    </>
  );
}
