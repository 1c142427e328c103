// /inventory/transfer-out 'Inventory - Transfer Keluar' (002 §2.6): source and target locations, notes,
// items picked with their current stock at the source into 'Detail Barang Transfer', then one submit
// that is sent exactly once (useInventorySubmit: the same local_trx_id until the server answers).
import {
  ActionIcon,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
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
import { InventoryNoticeAlert } from '../inventory/InventoryNoticeAlert';
import { ItemPicker, type PickedItem } from '../inventory/ItemPicker';
import { useInventorySubmit } from '../inventory/useInventorySubmit';
import { Frozen, useTransferContext } from './common';

const options = (list: readonly { inv_sloc_id: number; location_name: string }[]) =>
  list.map((l) => ({ value: String(l.inv_sloc_id), label: l.location_name }));

export function TransferOutPage() {
  const { api, config, qtyText } = useTransferContext();
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

  return (
    <Stack gap="md" miw={0} data-testid="transfer-out-page">
      <Title order={1} size="h2">
        {T.outTitle}
      </Title>
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
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {T.addItem}
              </Title>
              <ItemPicker
                api={api}
                config={config}
                invSlocId={source}
                notFoundText={M.itemNotFound}
                onPick={(item) => {
                  setPicked(item);
                  setLineError(null);
                }}
                resetKey={pickerKey}
              />
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
              {lineError && (
                <Text c="red.9" size="sm" role="alert" data-testid="transfer-line-error">
                  {lineError}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="light" onClick={addToList} data-testid="transfer-add">
                  {T.addToList}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </SimpleGrid>

        <Paper withBorder radius="md" p="md" miw={0}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {T.listTitle}
            </Title>
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={T.listTitle}>
              <Table striped verticalSpacing="xs" data-testid="transfer-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.itemName}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{T.qtyNow}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{T.qty}</Table.Th>
                    <Table.Th>{T.unit}</Table.Th>
                    <Table.Th>{T.delete}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((r) => (
                    <Table.Tr key={r.key} data-testid={`transfer-row-${r.key}`}>
                      <Table.Td>{r.item_name}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{qtyText(r.qty_now)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{qtyText(r.qty)}</Table.Td>
                      <Table.Td>{r.unit_name ?? ''}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          aria-label={`${T.delete} ${r.item_name}`}
                          onClick={() => void remove(r)}
                        >
                          <span aria-hidden="true">✕</span>
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            {list.length === 0 && (
              <Text c="dimmed" ta="center" size="sm" data-testid="transfer-list-empty">
                {TRANSFER_OWN.emptyList}
              </Text>
            )}
          </Stack>
        </Paper>
      </Frozen>
      <InventoryNoticeAlert notice={notice} testId="transfer-out-notice" />
      <Group justify="flex-end">
        <Button size="md" onClick={() => void send()} loading={busy} data-testid="transfer-out-submit">
          {T.submitOut}
        </Button>
      </Group>
    </Stack>
  );
}
