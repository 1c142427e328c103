// /inventory/stock-in 'Inventory - Stok Masuk' (002 §2.3, §5, §7): the header (vendor, PO and invoice
// numbers with myob, document no., destination location, notes), 'Tambah Barang' with the shared
// ItemPicker, the list 'Detail Barang Masuk' with delete confirmation, and 'Terima Barang' sent exactly
// once (useInventorySubmit); on success the form resets with a new local_trx_id.
import {
  Center,
  Grid,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
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
  AddItemPanel,
  EntryPage,
  initialLocation,
  type LineColumn,
  LinesTable,
  LocationSelect,
  QtyInput,
  ReadOnlyFigure,
  SubmitBar,
  showQty,
  useInventoryScreen,
} from './entry';
import type { PickedItem } from './ItemPicker';
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

  const columns: LineColumn<StockInLine>[] = [
    { key: 'item_name', header: T.itemName, cell: (l) => l.item_name },
    { key: 'qty_now', header: T.qtyNow, numeric: true, cell: (l) => qtyCell(l.qty_now) },
    { key: 'qty', header: T.qty, numeric: true, cell: (l) => qtyCell(l.qty) },
    { key: 'bad_qty_now', header: T.badQtyNow, numeric: true, cell: (l) => qtyCell(l.bad_qty_now) },
    { key: 'bad_qty', header: T.badQty, numeric: true, cell: (l) => qtyCell(l.bad_qty) },
    { key: 'unit_name', header: T.unit, cell: (l) => l.unit_name ?? '-' },
    ...(withPrice
      ? [
          {
            key: 'disc_percent',
            header: T.discountColumn,
            numeric: true,
            cell: (l: StockInLine) => showQty(l.disc_percent, decimalSeparator),
          },
          {
            key: 'price',
            header: T.price,
            numeric: true,
            nowrap: true,
            cell: (l: StockInLine) =>
              formatRupiah(l.price, currency, { decimalSeparator, thousandSeparator }),
          },
        ]
      : []),
  ];

  return (
    <EntryPage title={T.title} testId="stock-in-page" localTrxId={localTrxId}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p="md" h="100%">
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
          <AddItemPanel
            title={T.addItem}
            picker={{
              api,
              config,
              invSlocId: header.inv_sloc_id,
              notFoundText: M.itemNotFound,
              onPick,
              resetKey: pickerKey,
            }}
            error={entryError}
            errorTestId="stock-in-entry-error"
            addLabel={T.addToList}
            onAdd={addToList}
            addDisabled={!picked}
            addTestId="stock-in-add"
            // the stock of an item is read at a location: without one nothing can be added (issue 22 item 8)
            hint={
              header.inv_sloc_id === null
                ? { id: 'stock-in-add-hint', text: T.locationFirst, testId: 'stock-in-add-hint' }
                : null
            }
          >
            {picked && (
              <SimpleGrid cols={{ base: 2, sm: withPrice ? 3 : 4 }} spacing="sm" data-testid="stock-in-entry">
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
          </AddItemPanel>
        </Grid.Col>
      </Grid>

      <LinesTable
        title={T.list}
        columns={columns}
        lines={list}
        rowKey={(l) => l.local_id}
        rowTestId={(l) => `stock-in-row-${l.key}`}
        testId="stock-in-list"
        minWidth={withPrice ? 860 : 640}
        empty={{ text: T.empty }}
        deleteHeader={{ text: T.delete }}
        deleteText={T.delete}
        deleteLabel={(l) => `${T.delete} ${l.item_name}`}
        deleteTestId={(l) => `stock-in-delete-${l.key}`}
        onDelete={(l) => void remove(l)}
      />

      <SubmitBar
        notice={notice}
        noticeTestId="stock-in-notice"
        label={T.submit}
        busy={busy}
        onSubmit={() => void receive()}
        testId="stock-in-submit"
      />
    </EntryPage>
  );
}
