// /inventory/stock-adjustment 'Inventory - Penyesuaian Stok' (002 §2.5, §4, §5, §7): one item at a
// location, the type ('Stok Final', 'Penambahan', 'Pengurangan'), and for good and bad stock the current
// qty, the input and the computed figure (src/domain/inventory-adjustment.ts, the rule the server books
// with). 'Sesuaikan Stok' is sent exactly once (useInventorySubmit); success resets with a new local_trx_id.
import {
  Center,
  Fieldset,
  Group,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import type { InventoryApi } from '../../../api/inventory';
import type { PosConfig } from '../../../domain';
import {
  ADJUSTMENT_TYPE_VALUES,
  type AdjustmentType,
  adjustmentInputsFor,
  adjustmentRequestQuantities,
  type StockPair,
} from '../../../domain/inventory-adjustment';
import {
  adjustmentShown,
  checkAdjustmentSubmit,
  type QtyInput as QtyValue,
  qtyOf,
} from '../../../domain/inventory-entry';
import { INVENTORY_MESSAGES as M } from '../../../domain/texts/inventory';
import { ADJUSTMENT_TEXTS as T } from '../../../domain/texts/inventory-entry';
import {
  EntryPage,
  initialLocation,
  LocationSelect,
  QtyInput,
  ReadOnlyFigure,
  SubmitBar,
  showQty,
  useInventoryScreen,
} from './entry';
import { ItemPicker, type PickedItem } from './ItemPicker';
import { useInventorySubmit } from './useInventorySubmit';

const TYPE_LABELS: Record<AdjustmentType, string> = {
  FINAL: T.final,
  INCREASE: T.increase,
  DECREASE: T.decrease,
};

const isType = (v: string): v is AdjustmentType => (ADJUSTMENT_TYPE_VALUES as readonly string[]).includes(v);

export function StockAdjustmentPage() {
  const { api, config, decimalSeparator } = useInventoryScreen();
  if (!config) {
    return (
      <Center py="xl">
        <Loader aria-label={T.title} />
      </Center>
    );
  }
  return <StockAdjustmentForm api={api} config={config} decimalSeparator={decimalSeparator} />;
}

export interface StockAdjustmentFormProps {
  api: InventoryApi;
  config: PosConfig;
  decimalSeparator: string;
}

export function StockAdjustmentForm({ api, config, decimalSeparator }: StockAdjustmentFormProps) {
  const { localTrxId, busy, notice, setNotice, submit } = useInventorySubmit();
  const decimals = config.qty_decimal_length ?? 0;

  const [invSlocId, setInvSlocId] = useState<number | null>(() => initialLocation(config));
  const [picked, setPicked] = useState<PickedItem | null>(null);
  const [type, setType] = useState<AdjustmentType | null>(null);
  const [qty, setQty] = useState<QtyValue>('');
  const [badQty, setBadQty] = useState<QtyValue>('');
  const [notes, setNotes] = useState('');
  const [pickerKey, setPickerKey] = useState(0);

  const current: StockPair | null = picked
    ? { qty: picked.stock.qty, bad_qty: picked.stock.drv_bad_qty }
    : null;

  const fill = (t: AdjustmentType | null, now: StockPair | null) => {
    if (t === null) return;
    const inputs = adjustmentInputsFor(t, now ?? { qty: 0, bad_qty: 0 });
    setQty(t === 'FINAL' && !now ? '' : inputs.qty);
    setBadQty(t === 'FINAL' && !now ? '' : inputs.bad_qty);
  };

  // 002 §4: 'Stok Final' prefills the inputs with the current stock (of a newly picked item, or of the
  // same item at another location); addition or reduction keep what was typed for the same item. The same
  // item scanned again at the same location keeps what was typed: its stock answer may land after typing.
  const typeRef = useRef(type);
  typeRef.current = type;
  const slocRef = useRef(invSlocId);
  slocRef.current = invSlocId;
  const pickedId = useRef<number | null>(null);
  const pickedSloc = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill only sets state
  const onPick = useCallback((item: PickedItem | null) => {
    const id = item?.row.pos_item_variant_id ?? null;
    const now = item ? { qty: item.stock.qty, bad_qty: item.stock.drv_bad_qty } : null;
    const otherPlace = slocRef.current !== pickedSloc.current;
    if (id !== pickedId.current || (typeRef.current === 'FINAL' && otherPlace)) fill(typeRef.current, now);
    pickedId.current = id;
    pickedSloc.current = slocRef.current;
    if (item) setNotice((n) => (n?.kind === 'error' ? null : n));
    setPicked(item);
  }, []);

  const chooseType = (value: string) => {
    if (!isType(value)) return;
    setNotice((n) => (n?.kind === 'error' ? null : n));
    setType(value);
    fill(value, current);
  };

  const entry = {
    invSlocId,
    key: picked?.row.pos_item_variant_id ?? null,
    type,
    current,
    qty,
    bad_qty: badQty,
  };
  const shown = adjustmentShown(entry);

  const adjust = async () => {
    const message = checkAdjustmentSubmit(entry);
    if (message || !picked || !current || type === null || invSlocId === null) {
      setNotice({ kind: 'error', text: message ?? M.adjustmentItemRequired });
      return;
    }
    const body = {
      inv_sloc_id: invSlocId,
      pos_item_variant_id: picked.row.pos_item_variant_id,
      inv_unit_id: picked.row.inv_unit_id,
      adjustment_type: type,
      ...adjustmentRequestQuantities(type, current, { qty: qtyOf(qty), bad_qty: qtyOf(badQty) }),
      notes: notes.trim() === '' ? null : notes.trim(),
    };
    const outcome = await submit(
      (local_trx_id) => api.adjustment({ local_trx_id, ...body }),
      M.adjustmentDone,
    );
    if (outcome?.kind === 'done') {
      pickedId.current = null;
      pickedSloc.current = null;
      setPicked(null);
      setType(null);
      setQty('');
      setBadQty('');
      setNotes('');
      setInvSlocId(initialLocation(config));
      setPickerKey((k) => k + 1);
    }
  };

  const resultLabel = type === 'FINAL' ? T.difference : T.finalQty;
  const figure = (n: number | undefined) => (n === undefined ? '' : showQty(n, decimalSeparator));
  const unit = picked?.row.unit_name ? ` (${picked.row.unit_name})` : '';

  const side = (which: 'good' | 'bad') => {
    const good = which === 'good';
    return (
      <Fieldset
        legend={
          <Text fw={700} size="sm" component="span">
            {good ? T.good : T.bad}
          </Text>
        }
        data-testid={`adjustment-${which}`}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <ReadOnlyFigure
            label={T.qtyNow}
            value={current ? figure(good ? current.qty : current.bad_qty) : ''}
            testId={`adjustment-${which}-now`}
          />
          <QtyInput
            label={`${T.input}${unit}`}
            value={(good ? qty : badQty) ?? ''}
            onChange={(v) => (good ? setQty(v) : setBadQty(v))}
            decimals={decimals}
            decimalSeparator={decimalSeparator}
            disabled={!picked || type === null}
            data-testid={`adjustment-${which}-input`}
          />
          <ReadOnlyFigure
            label={resultLabel}
            value={figure(good ? shown?.shown.qty : shown?.shown.bad_qty)}
            testId={`adjustment-${which}-shown`}
          />
        </SimpleGrid>
      </Fieldset>
    );
  };

  return (
    <EntryPage title={T.title} testId="adjustment-page" localTrxId={localTrxId}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="sm">
              <LocationSelect
                config={config}
                label={T.location}
                value={invSlocId}
                onChange={setInvSlocId}
                testId="adjustment-location"
              />
              <ItemPicker
                api={api}
                config={config}
                invSlocId={invSlocId}
                notFoundText={M.itemNotFound}
                onPick={onPick}
                resetKey={pickerKey}
              />
            </Stack>
            <Stack gap="sm">
              <Radio.Group label={T.type} value={type} onChange={chooseType} data-testid="adjustment-type">
                <Group gap="lg" mt={6}>
                  {ADJUSTMENT_TYPE_VALUES.map((t) => (
                    <Radio key={t} value={t} label={TYPE_LABELS[t]} data-testid={`adjustment-type-${t}`} />
                  ))}
                </Group>
              </Radio.Group>
              <Textarea
                label={T.notes}
                rows={3}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                maxLength={1000}
                data-testid="adjustment-notes"
              />
            </Stack>
          </SimpleGrid>
          {side('good')}
          {side('bad')}
        </Stack>
      </Paper>
      <SubmitBar
        notice={notice}
        noticeTestId="adjustment-notice"
        label={T.submit}
        busy={busy}
        onSubmit={() => void adjust()}
        testId="adjustment-submit"
      />
    </EntryPage>
  );
}
