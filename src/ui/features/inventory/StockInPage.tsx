// /inventory/stock-in 'Inventory - Stok Masuk' (002 §2.3, §5, §7): the header (vendor, PO and invoice
// numbers with myob, document no., destination location, notes), 'Tambah Barang' with the shared
// ItemPicker, the list 'Detail Barang Masuk' with delete confirmation, and 'Terima Barang' sent exactly
// once (useInventorySubmit); on success the form resets with a new local_trx_id.
import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
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
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VendorRow } from '../../../api/contract/inventory';
import { errorMessage } from '../../../api/http';
import type { InventoryApi } from '../../../api/inventory';
import { isOn, type PosConfig } from '../../../domain';
import {
  checkStockInEntry,
  checkStockInSubmit,
  defaultStockInPrice,
  type QtyInput as QtyValue,
  qtyOf,
  type StockInLine,
  stockInItems,
} from '../../../domain/inventory-entry';
import { INVENTORY_MESSAGES as M } from '../../../domain/texts/inventory';
import { STOCK_IN_TEXTS as T } from '../../../domain/texts/inventory-entry';
import { uuid } from '../../../events';
import { confirm } from '../../components/feedback';
import { formatRupiah } from '../../components/format';
import {
  initialLocation,
  LocationSelect,
  QtyInput,
  ReadOnlyFigure,
  showQty,
  useInventoryScreen,
} from './entry-common';
import { InventoryNoticeAlert } from './InventoryNoticeAlert';
import { ItemPicker, type PickedItem } from './ItemPicker';
import { useInventorySubmit } from './useInventorySubmit';

interface Header {
  inv_vendor_id: number | null;
  purchase_order_number: string;
  invoice_number: string;
  document_no: string;
  inv_sloc_id: number | null;
  notes: string;
}

interface Entry {
  qty: QtyValue;
  bad_qty: QtyValue;
  disc_percent: QtyValue;
  price: QtyValue;
}

const emptyEntry = (price = 0): Entry => ({ qty: '', bad_qty: '', disc_percent: 0, price });
const textOrNull = (s: string) => (s.trim() === '' ? null : s.trim());

export function StockInPage() {
  const { api, config, decimalSeparator, thousandSeparator } = useInventoryScreen();
  if (!config) {
    return (
      <Center py="xl">
        <Loader aria-label={T.title} />
      </Center>
    );
  }
  return (
    <StockInForm
      api={api}
      config={config}
      decimalSeparator={decimalSeparator}
      thousandSeparator={thousandSeparator}
    />
  );
}

export interface StockInFormProps {
  api: InventoryApi;
  config: PosConfig;
  decimalSeparator: string;
  thousandSeparator: string;
}

export function StockInForm({ api, config, decimalSeparator, thousandSeparator }: StockInFormProps) {
  const { localTrxId, busy, notice, setNotice, submit } = useInventorySubmit();
  const myob = isOn(config.myob);
  const withPrice = isOn(config.input_price_on_stock_in);
  const decimals = config.qty_decimal_length ?? 0;
  const currency = config.currency_code ?? 'IDR';

  const blankHeader = useCallback(
    (): Header => ({
      inv_vendor_id: null,
      purchase_order_number: '',
      invoice_number: '',
      document_no: '',
      inv_sloc_id: initialLocation(config),
      notes: '',
    }),
    [config],
  );
  const [header, setHeader] = useState<Header>(blankHeader);
  const [vendors, setVendors] = useState<VendorRow[] | null>(null);
  const [picked, setPicked] = useState<PickedItem | null>(null);
  const [entry, setEntry] = useState<Entry>(emptyEntry);
  const [entryError, setEntryError] = useState<string | null>(null);
  const [list, setList] = useState<StockInLine[]>([]);
  const [pickerKey, setPickerKey] = useState(0);

  useEffect(() => {
    let live = true;
    api.vendors().then(
      (rows) => live && setVendors(rows),
      (e: unknown) => {
        if (!live) return;
        setVendors([]);
        setNotice({ kind: 'error', text: errorMessage(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [api, setNotice]);

  const set = <K extends keyof Header>(key: K, value: Header[K]) =>
    setHeader((h) => ({ ...h, [key]: value }));

  // a newly picked variant starts with empty quantities and its default price; a reload of the same
  // variant's stock (the location changed) keeps what was typed
  const pickedId = useRef<number | null>(null);
  const onPick = useCallback(
    (item: PickedItem | null) => {
      setEntryError(null);
      const id = item?.row.pos_item_variant_id ?? null;
      if (item && id !== pickedId.current)
        setEntry(emptyEntry(defaultStockInPrice(myob, item.stock.variant_cogs)));
      pickedId.current = id;
      setPicked(item);
    },
    [myob],
  );

  const addToList = () => {
    const message = checkStockInEntry(list, { key: picked?.row.pos_item_variant_id ?? null, ...entry });
    setEntryError(message);
    if (message || !picked) return;
    const { row, stock } = picked;
    setNotice((n) => (n?.kind === 'error' ? null : n));
    setList((l) => [
      ...l,
      {
        local_id: uuid(),
        key: row.pos_item_variant_id,
        item_name: row.item_name,
        qty_now: stock.qty,
        bad_qty_now: stock.drv_bad_qty,
        qty: qtyOf(entry.qty),
        bad_qty: qtyOf(entry.bad_qty),
        disc_percent: qtyOf(entry.disc_percent),
        price: qtyOf(entry.price),
        unit_name: row.unit_name,
        inv_unit_id: row.inv_unit_id,
      },
    ]);
    pickedId.current = null;
    setPicked(null);
    setEntry(emptyEntry());
    setPickerKey((k) => k + 1);
  };

  const remove = async (line: StockInLine) => {
    if (!(await confirm({ title: T.deleteTitle, message: T.deleteMessage, danger: true }))) return;
    setList((l) => l.filter((x) => x.local_id !== line.local_id));
  };

  const receive = async () => {
    const message = checkStockInSubmit(list, header.inv_sloc_id);
    if (message || header.inv_sloc_id === null) {
      setNotice({ kind: 'error', text: message ?? M.itemsRequired });
      return;
    }
    const body = {
      document_no: textOrNull(header.document_no),
      trx_type: 'FROM_SUPPLIER' as const,
      inv_vendor_id: header.inv_vendor_id,
      purchase_order_number: myob ? textOrNull(header.purchase_order_number) : null,
      invoice_number: myob ? textOrNull(header.invoice_number) : null,
      inv_sloc_id: header.inv_sloc_id,
      notes: textOrNull(header.notes),
      items: stockInItems(list),
    };
    const outcome = await submit((local_trx_id) => api.stockIn({ local_trx_id, ...body }), M.stockInDone);
    if (outcome?.kind === 'done') {
      setHeader(blankHeader());
      setList([]);
      pickedId.current = null;
      setPicked(null);
      setEntry(emptyEntry());
      setEntryError(null);
      setPickerKey((k) => k + 1);
    }
  };

  const unit = picked?.row.unit_name ? ` (${picked.row.unit_name})` : '';
  const qtyCell = (n: number) => showQty(n, decimalSeparator);

  return (
    <Stack gap="md" miw={0} data-testid="stock-in-page" data-local-trx-id={localTrxId}>
      <Title order={1} size="h2">
        {T.title}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" h="100%">
            <Stack gap="sm">
              <Select
                label={T.vendor}
                searchable
                clearable
                data={(vendors ?? []).map((v) => ({
                  value: String(v.inv_vendor_id),
                  label: [v.vendor_name, v.vendor_last_name].filter(Boolean).join(' '),
                }))}
                value={header.inv_vendor_id === null ? null : String(header.inv_vendor_id)}
                onChange={(v) => set('inv_vendor_id', v === null ? null : Number(v))}
                rightSection={vendors === null ? <Loader size="xs" aria-label={T.vendor} /> : undefined}
                data-testid="stock-in-vendor"
                comboboxProps={{ withinPortal: true }}
              />
              {myob && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={T.poNumber}
                    value={header.purchase_order_number}
                    onChange={(e) => set('purchase_order_number', e.currentTarget.value)}
                    maxLength={100}
                    data-testid="stock-in-po"
                  />
                  <TextInput
                    label={T.invoiceNumber}
                    value={header.invoice_number}
                    onChange={(e) => set('invoice_number', e.currentTarget.value)}
                    maxLength={100}
                    data-testid="stock-in-invoice"
                  />
                </SimpleGrid>
              )}
              <TextInput
                label={T.documentNo}
                value={header.document_no}
                onChange={(e) => set('document_no', e.currentTarget.value)}
                maxLength={100}
                data-testid="stock-in-document-no"
              />
              <LocationSelect
                config={config}
                label={T.location}
                value={header.inv_sloc_id}
                onChange={(v) => set('inv_sloc_id', v)}
                testId="stock-in-location"
              />
              <Textarea
                label={T.notes}
                rows={3}
                value={header.notes}
                onChange={(e) => set('notes', e.currentTarget.value)}
                maxLength={1000}
                data-testid="stock-in-notes"
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" h="100%">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {T.addItem}
              </Title>
              <ItemPicker
                api={api}
                config={config}
                invSlocId={header.inv_sloc_id}
                notFoundText={M.itemNotFound}
                onPick={onPick}
                resetKey={pickerKey}
              />
              {picked && (
                <SimpleGrid
                  cols={{ base: 2, sm: withPrice ? 3 : 4 }}
                  spacing="sm"
                  data-testid="stock-in-entry"
                >
                  <ReadOnlyFigure
                    label={T.qtyNow}
                    value={qtyCell(picked.stock.qty)}
                    testId="stock-in-qty-now"
                  />
                  <ReadOnlyFigure
                    label={T.badQtyNow}
                    value={qtyCell(picked.stock.drv_bad_qty)}
                    testId="stock-in-bad-qty-now"
                  />
                  <QtyInput
                    label={`${T.qty}${unit}`}
                    value={entry.qty ?? ''}
                    onChange={(v) => setEntry((e) => ({ ...e, qty: v }))}
                    decimals={decimals}
                    decimalSeparator={decimalSeparator}
                    data-testid="stock-in-qty"
                  />
                  <QtyInput
                    label={`${T.badQty}${unit}`}
                    value={entry.bad_qty ?? ''}
                    onChange={(v) => setEntry((e) => ({ ...e, bad_qty: v }))}
                    decimals={decimals}
                    decimalSeparator={decimalSeparator}
                    data-testid="stock-in-bad-qty"
                  />
                  {withPrice && (
                    <>
                      <NumberInput
                        size="md"
                        label={T.discount}
                        min={0}
                        max={100}
                        step={0.1}
                        decimalScale={2}
                        clampBehavior="strict"
                        allowNegative={false}
                        decimalSeparator={decimalSeparator}
                        value={entry.disc_percent ?? ''}
                        onChange={(v) => setEntry((e) => ({ ...e, disc_percent: v }))}
                        data-testid="stock-in-discount"
                      />
                      <NumberInput
                        size="md"
                        label={T.price}
                        min={0}
                        allowNegative={false}
                        allowDecimal={false}
                        thousandSeparator={thousandSeparator}
                        hideControls
                        value={entry.price ?? ''}
                        onChange={(v) => setEntry((e) => ({ ...e, price: v }))}
                        data-testid="stock-in-price"
                      />
                    </>
                  )}
                </SimpleGrid>
              )}
              {entryError && (
                <Alert color="red" role="alert" data-testid="stock-in-entry-error">
                  {entryError}
                </Alert>
              )}
              <Group justify="flex-end" wrap="nowrap" align="center">
                {header.inv_sloc_id === null && (
                  // the stock of an item is read at a location: without one nothing can be added (issue 22 item 8)
                  <Text size="sm" c="dimmed" id="stock-in-add-hint" data-testid="stock-in-add-hint">
                    {T.locationFirst}
                  </Text>
                )}
                <Button
                  onClick={addToList}
                  disabled={!picked}
                  aria-describedby={header.inv_sloc_id === null ? 'stock-in-add-hint' : undefined}
                  data-testid="stock-in-add"
                >
                  {T.addToList}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <Paper withBorder p="md" miw={0}>
        <Title order={2} size="h4" mb="sm">
          {T.list}
        </Title>
        <Table.ScrollContainer minWidth={withPrice ? 860 : 640}>
          <Table striped withTableBorder data-testid="stock-in-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.itemName}</Table.Th>
                <Table.Th ta="right">{T.qtyNow}</Table.Th>
                <Table.Th ta="right">{T.qty}</Table.Th>
                <Table.Th ta="right">{T.badQtyNow}</Table.Th>
                <Table.Th ta="right">{T.badQty}</Table.Th>
                <Table.Th>{T.unit}</Table.Th>
                {withPrice && <Table.Th ta="right">{T.discountColumn}</Table.Th>}
                {withPrice && <Table.Th ta="right">{T.price}</Table.Th>}
                <Table.Th>{T.delete}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={withPrice ? 9 : 7}>
                    <Text c="dimmed" size="sm" ta="center">
                      {T.empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list.map((l) => (
                <Table.Tr key={l.local_id} data-testid={`stock-in-row-${l.key}`}>
                  <Table.Td data-column="item_name">{l.item_name}</Table.Td>
                  <Table.Td ta="right" data-column="qty_now">
                    {qtyCell(l.qty_now)}
                  </Table.Td>
                  <Table.Td ta="right" data-column="qty">
                    {qtyCell(l.qty)}
                  </Table.Td>
                  <Table.Td ta="right" data-column="bad_qty_now">
                    {qtyCell(l.bad_qty_now)}
                  </Table.Td>
                  <Table.Td ta="right" data-column="bad_qty">
                    {qtyCell(l.bad_qty)}
                  </Table.Td>
                  <Table.Td data-column="unit_name">{l.unit_name ?? '-'}</Table.Td>
                  {withPrice && (
                    <Table.Td ta="right" data-column="disc_percent">
                      {showQty(l.disc_percent, decimalSeparator)}
                    </Table.Td>
                  )}
                  {withPrice && (
                    <Table.Td ta="right" data-column="price" style={{ whiteSpace: 'nowrap' }}>
                      {formatRupiah(l.price, currency, { decimalSeparator, thousandSeparator })}
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => void remove(l)}
                      aria-label={`${T.delete} ${l.item_name}`}
                      data-testid={`stock-in-delete-${l.key}`}
                    >
                      {T.delete}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <InventoryNoticeAlert notice={notice} testId="stock-in-notice" />
      <Group justify="flex-end">
        <Button size="md" onClick={() => void receive()} loading={busy} data-testid="stock-in-submit">
          {T.submit}
        </Button>
      </Group>
    </Stack>
  );
}
