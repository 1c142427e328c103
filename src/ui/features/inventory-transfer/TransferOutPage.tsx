// /inventory/transfer-out 'Inventory - Transfer Keluar' (002 §2.6): source and target locations, notes,
// items picked with their current stock at the source into 'Detail Barang Transfer', then one submit
// that is sent exactly once (useInventorySubmit: the same local_trx_id until the server answers).
import { NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  keptTarget,
  type TransferOutRow,
  transferLineError,
  transferOutBody,
  transferOutError,
  transferTargetOptions,
} from '../../../domain/inventory-transfer';
import { INVENTORY_MESSAGES as M } from '../../../domain/texts/inventory';
import { TRANSFER_TEXTS as T, TRANSFER_OWN } from '../../../domain/texts/inventory-transfer';
import { uuid } from '../../../events';
import { confirm } from '../../components/feedback';
import {
  AddItemPanel,
  EntryPage,
  Frozen,
  type LineColumn,
  LinesTable,
  SubmitBar,
  useInventoryScreen,
} from '../inventory/entry';
import type { PickedItem } from '../inventory/ItemPicker';
import { useInventorySubmit } from '../inventory/useInventorySubmit';

const options = (list: readonly { inv_sloc_id: number; location_name: string }[]) =>
  list.map((l) => ({ value: String(l.inv_sloc_id), label: l.location_name }));

export function TransferOutPage() {
  const { api, config, qtyText } = useInventoryScreen();
  const own = config?.storage_locations ?? [];
  const all = config?.all_storage_locations ?? [];
  const initialSource = own.length === 1 ? own[0].inv_sloc_id : null;

  const [source, setSource] = useState<number | null>(initialSource);
  const [target, setTarget] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [list, setList] = useState<TransferOutRow[]>([]);
  const [picked, setPicked] = useState<PickedItem | null>(null);
  const [qty, setQty] = useState<number | string>('');
  const [lineError, setLineError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const { busy, notice, setNotice, submit } = useInventorySubmit();
  // after a submit without an answer the form is frozen, so pressing again resends the very same body
  const [unsure, setUnsure] = useState(false);

  const targets = useMemo(() => transferTargetOptions(all, own, source), [all, own, source]);

  const chooseSource = (value: string | null) => {
    const next = value ? Number(value) : null;
    if (next === source) return;
    setSource(next);
    setTarget((t) => keptTarget(t, transferTargetOptions(all, own, next)));
    // the rows' 'Qty Saat Ini' were the old source's: the list starts again (docs/decisions.md)
    setList([]);
  };

  const addToList = () => {
    setNotice(null);
    if (!picked) {
      setLineError(M.itemsRequired);
      return;
    }
    const n = typeof qty === 'number' ? qty : qty.trim() === '' ? null : Number(qty);
    const error = transferLineError(list, picked.row.pos_item_variant_id, n);
    setLineError(error);
    if (error || n === null) return;
    setList((l) => [
      ...l,
      {
        uuid: uuid(),
        key: picked.row.pos_item_variant_id,
        item_name: picked.row.item_name,
        qty_now: picked.stock.qty,
        qty: n,
        unit_name: picked.row.unit_name,
        inv_unit_id: picked.row.inv_unit_id,
      },
    ]);
    setQty('');
    setPickerKey((k) => k + 1);
  };

  const remove = async (row: TransferOutRow) => {
    if (!(await confirm({ title: T.deleteTitle, message: T.deleteMessage, danger: true }))) return;
    setList((l) => l.filter((r) => r.key !== row.key));
  };

  const reset = () => {
    setSource(initialSource);
    setTarget(null);
    setNotes('');
    setList([]);
    setQty('');
    setLineError(null);
    setPickerKey((k) => k + 1);
  };

  const send = async () => {
    setLineError(null);
    const error = transferOutError({ source_inv_sloc_id: source, target_inv_sloc_id: target, items: list });
    if (error || source === null || target === null) {
      setNotice({ kind: 'error', text: error ?? M.sourceRequired });
      return;
    }
    const body = transferOutBody({
      source_inv_sloc_id: source,
      target_inv_sloc_id: target,
      notes,
      items: list,
    });
    const outcome = await submit(
      (local_trx_id) => api.transferOut({ ...body, local_trx_id }),
      M.transferOutDone,
    );
    if (outcome) setUnsure(outcome.kind === 'unknown');
    if (outcome?.kind === 'done') reset();
  };

  if (!config) return null;
  const unit = picked?.row.unit_name ?? '';
  const columns: LineColumn<TransferOutRow>[] = [
    { key: 'item_name', header: T.itemName, cell: (r) => r.item_name },
    { key: 'qty_now', header: T.qtyNow, numeric: true, cell: (r) => qtyText(r.qty_now) },
    { key: 'qty', header: T.qty, numeric: true, cell: (r) => qtyText(r.qty) },
    { key: 'unit_name', header: T.unit, cell: (r) => r.unit_name ?? '' },
  ];

  return (
    <EntryPage title={T.outTitle} testId="transfer-out-page">
      <Frozen frozen={unsure || busy}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Select
                label={T.source}
                data={options(own)}
                value={source === null ? null : String(source)}
                onChange={chooseSource}
                allowDeselect={false}
                data-testid="transfer-source"
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={T.target}
                data={options(targets)}
                value={target === null ? null : String(target)}
                onChange={(v) => setTarget(v ? Number(v) : null)}
                allowDeselect={false}
                searchable
                data-testid="transfer-target"
                comboboxProps={{ withinPortal: true }}
              />
              <Textarea
                label={T.notes}
                rows={5}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                maxLength={1000}
                data-testid="transfer-notes"
              />
            </Stack>
          </Paper>
          <AddItemPanel
            title={T.addItem}
            picker={{
              api,
              config,
              invSlocId: source,
              notFoundText: M.itemNotFound,
              onPick: (item) => {
                setPicked(item);
                setLineError(null);
              },
              resetKey: pickerKey,
            }}
            error={lineError}
            errorTestId="transfer-line-error"
            addLabel={T.addToList}
            onAdd={addToList}
            addTestId="transfer-add"
          >
            {picked && (
              <SimpleGrid cols={2} spacing="sm">
                <TextInput
                  label={unit ? `${T.stockNow} (${unit})` : T.stockNow}
                  value={qtyText(picked.stock.qty)}
                  readOnly
                  data-testid="transfer-stock-now"
                />
                <NumberInput
                  label={unit ? `${T.qtyOut} (${unit})` : T.qtyOut}
                  value={qty}
                  onChange={setQty}
                  min={0}
                  decimalScale={Math.max(0, Number(config.qty_decimal_length ?? 0))}
                  allowNegative={false}
                  hideControls
                  data-testid="transfer-qty"
                />
              </SimpleGrid>
            )}
          </AddItemPanel>
        </SimpleGrid>

        <LinesTable
          title={T.listTitle}
          columns={columns}
          lines={list}
          rowKey={(r) => r.key}
          rowTestId={(r) => `transfer-row-${r.key}`}
          testId="transfer-list"
          minWidth={520}
          empty={{ text: TRANSFER_OWN.emptyList, testId: 'transfer-list-empty' }}
          deleteHeader={{ text: T.delete }}
          deleteLabel={(r) => `${T.delete} ${r.item_name}`}
          onDelete={(r) => void remove(r)}
        />
      </Frozen>
      <SubmitBar
        notice={notice}
        noticeTestId="transfer-out-notice"
        label={T.submitOut}
        busy={busy}
        onSubmit={() => void send()}
        testId="transfer-out-submit"
      />
    </EntryPage>
  );
}
