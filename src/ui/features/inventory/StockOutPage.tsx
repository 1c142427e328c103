// 'Inventory - Stok Keluar' (/inventory/stock-out, 002 §2.4): type, consumption type, document no.,
// location and notes; 'Detail Barang Keluar' with the COGS columns when show_cogs_on_stock_out = 1; the
// shared item picking; 'Keluarkan Barang' through useInventorySubmit (same local_trx_id until a definite
// answer). 'Untuk Customer' opens the side panel that picks the sale (?local_trx_id= preselects one: the
// cashier's 'Stok Keluar'). A consumption sets has_done_inventory_consumption (sign-out, 000 §4).
import {
  Grid,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { createHistoryApi } from '../../../api/history';
import { createInventoryApi } from '../../../api/inventory';
import { createPosApi } from '../../../api/pos';
import { formatCurrency, formatQty, isOn, type PosConfig } from '../../../domain';
import {
  addStockOutLine,
  type ConsumptionType,
  costGrandTotal,
  effectiveConsumptionType,
  initialStockOutForm,
  lineTotalCost,
  parseStockOutQty,
  type StockOutForm,
  type StockOutLine,
  type StockOutType,
  showsConsumptionType,
  stockOutBody,
  stockOutFormError,
} from '../../../domain/inventory-stock-out';
import { INVENTORY_MESSAGES as M } from '../../../domain/texts/inventory';
import { STOCK_OUT_TEXTS as T } from '../../../domain/texts/inventory-stock-out';
import { type Actor, uuid } from '../../../events';
import { createCashierCommands, recordInventoryConsumption } from '../../../projections/commands';
import { useServices } from '../../app/services';
import { useSessionConfig } from '../../app/use-session-config';
import { confirm } from '../../components/feedback';
import { useReceiptEnv } from '../receipt/use-receipt-env';
import { CustomerSalePanel } from './CustomerSalePanel';
import { AddItemPanel, EntryPage, type LineColumn, LinesTable, SubmitBar } from './entry';
import type { PickedItem } from './ItemPicker';
import { useInventorySubmit } from './useInventorySubmit';

const systemNow = () => new Date();

export function StockOutPage({ now = systemNow }: { now?: () => Date }) {
  const { client, store } = useServices();
  const env = useReceiptEnv();
  const { config } = useSessionConfig();
  if (!config) return null;
  return <StockOutScreen config={config} client={client} store={store} env={env} now={now} />;
}

function StockOutScreen({
  config,
  client,
  store,
  env,
  now,
}: {
  config: PosConfig;
  client: ReturnType<typeof useServices>['client'];
  store: ReturnType<typeof useServices>['store'];
  env: ReturnType<typeof useReceiptEnv>;
  now: () => Date;
}) {
  const api = useMemo(() => createInventoryApi(client), [client]);
  const posApi = useMemo(() => createPosApi(client), [client]);
  const historyApi = useMemo(() => createHistoryApi(client), [client]);
  const actor: Actor = typeof config.business_user_id === 'number' ? config.business_user_id : 'device';
  const commands = useMemo(
    () => createCashierCommands({ store, getConfig: () => config, actor: () => actor }),
    [store, config, actor],
  );
  const params = new URLSearchParams(useSearch());
  const saleFromCashier = params.get('local_trx_id');
  const cogsShown = isOn(config.show_cogs_on_stock_out);
  const separators = env.separators;
  const decimals = config.qty_decimal_length;
  const locations = config.storage_locations;

  const [form, setForm] = useState<StockOutForm>(() => initialStockOutForm(locations, saleFromCashier));
  const [lines, setLines] = useState<StockOutLine[]>([]);
  const [picked, setPicked] = useState<PickedItem | null>(null);
  const [qtyText, setQtyText] = useState('');
  const [itemError, setItemError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [refreshKey, setRefreshKey] = useState(0);
  const { busy, notice, setNotice, submit } = useInventorySubmit();

  const typeShown = showsConsumptionType(config.subscription_rules.sales_request_to_inventory, form.trx_type);
  const fullForm = { ...form, consumptionTypeShown: typeShown };
  const forCustomer = effectiveConsumptionType(fullForm) === 'FOR_CUSTOMER';
  const set = (patch: Partial<StockOutForm>) => setForm((f) => ({ ...f, ...patch }));

  const addToList = () => {
    setItemError(null);
    if (!picked) {
      setItemError(M.itemsRequired);
      return;
    }
    const q = parseStockOutQty(qtyText, decimals);
    if (!q.ok) {
      setItemError(q.message);
      return;
    }
    const r = addStockOutLine(lines, {
      uuid: uuid(),
      pos_item_variant_id: picked.row.pos_item_variant_id,
      item_name: picked.row.item_name,
      inv_unit_id: picked.row.inv_unit_id,
      unit_name: picked.row.unit_name,
      qty_now: picked.stock.qty,
      bad_qty_now: picked.stock.drv_bad_qty,
      qty: q.qty,
      cogs: picked.stock.variant_cogs,
    });
    if (!r.ok) {
      setItemError(r.message);
      return;
    }
    setLines(r.lines);
    setPicked(null);
    setQtyText('');
    setPickerKey((k) => k + 1);
  };

  const remove = async (uuid: string) => {
    if (await confirm({ title: T.deleteTitle, message: T.deleteConfirm, danger: true }))
      setLines((ls) => ls.filter((l) => l.uuid !== uuid));
  };

  const send = async () => {
    const error = stockOutFormError(fullForm, lines);
    if (error) {
      setNotice({ kind: 'error', text: error });
      return;
    }
    const sale = fullForm.pos_sales_local_trx_id;
    const wasConsumption = form.trx_type === 'CONSUMPTION';
    const outcome = await submit(
      (local_trx_id) => api.stockOut(stockOutBody(fullForm, lines, local_trx_id)),
      M.stockOutDone,
      wasConsumption ? () => recordInventoryConsumption(store, actor) : undefined,
    );
    if (outcome?.kind !== 'done') return;
    if (forCustomer && sale) {
      // the sale on this device (a pending one) learns its consumption, so its submit passes (ruling 14)
      posApi
        .inventoryOut(sale)
        .then((d) => commands.recordStockOut({ local_trx_id: sale, ...d }))
        .catch(() => undefined);
    }
    setLines([]);
    setPicked(null);
    setQtyText('');
    setPickerKey((k) => k + 1);
    setRefreshKey((k) => k + 1);
    // a new blank form: the type, consumption type and linked sale start again too (issue 23 item 12)
    setForm(initialStockOutForm(locations, null));
  };

  const wording = useMemo(
    () => ({
      currency: config.currency_code,
      separators,
      qtyDecimalLength: decimals,
      now: now(),
      documentDateEditable: false,
    }),
    [config.currency_code, separators, decimals, now],
  );
  const money = (n: number) => formatCurrency(n, config.currency_code, separators);
  const qty = (n: number) => formatQty(n, decimals, separators);

  const columns: LineColumn<StockOutLine>[] = [
    { key: 'item_name', header: T.itemName, cell: (l) => l.item_name },
    { key: 'qty_now', header: T.goodNow, numeric: true, cell: (l) => qty(l.qty_now) },
    { key: 'bad_qty_now', header: T.badNow, numeric: true, cell: (l) => qty(l.bad_qty_now) },
    { key: 'qty', header: T.qtyOut, numeric: true, cell: (l) => qty(l.qty) },
    { key: 'unit_name', header: T.unit, cell: (l) => l.unit_name ?? '' },
    ...(cogsShown
      ? [
          {
            key: 'cogs',
            header: T.cost,
            numeric: true,
            cell: (l: StockOutLine) => money(Math.floor(l.cogs)),
          },
          {
            key: 'total_cost',
            header: T.totalCost,
            numeric: true,
            cell: (l: StockOutLine) => money(lineTotalCost(l)),
          },
        ]
      : []),
  ];

  const formPane = (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4} id="stock-out-type-label">
              {T.trxType}
            </Text>
            <SegmentedControl
              aria-labelledby="stock-out-type-label"
              value={form.trx_type}
              onChange={(v) => set({ trx_type: v as StockOutType })}
              data={[
                { value: 'CONSUMPTION', label: T.consumption },
                { value: 'TO_BAD_STOCK', label: T.badStock },
              ]}
              data-testid="stock-out-type"
            />
          </div>
          {typeShown && (
            <div>
              <Text size="sm" fw={500} mb={4} id="stock-out-consumption-label">
                {T.consumptionType}
              </Text>
              <SegmentedControl
                aria-labelledby="stock-out-consumption-label"
                value={form.consumption_type}
                onChange={(v) => set({ consumption_type: v as ConsumptionType })}
                data={[
                  { value: 'GENERAL', label: T.general },
                  { value: 'FOR_CUSTOMER', label: T.forCustomer },
                ]}
                data-testid="stock-out-consumption-type"
              />
            </div>
          )}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={T.documentNo}
                value={form.document_no}
                maxLength={100}
                onChange={(e) => set({ document_no: e.currentTarget.value })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={T.location}
                data={locations.map((l) => ({ value: String(l.inv_sloc_id), label: l.location_name }))}
                value={form.inv_sloc_id === null ? null : String(form.inv_sloc_id)}
                onChange={(v) => set({ inv_sloc_id: v ? Number(v) : null })}
                allowDeselect={false}
                data-testid="stock-out-location"
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label={T.notes}
            rows={3}
            maxLength={1000}
            value={form.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
        </Stack>
      </Paper>

      <AddItemPanel
        title={T.addItem}
        picker={{
          api,
          config,
          invSlocId: form.inv_sloc_id,
          notFoundText: M.itemNotFoundStockOut,
          onPick: setPicked,
          resetKey: pickerKey,
        }}
        remountPicker
        error={itemError}
        errorTestId="stock-out-item-error"
        addLabel={T.addToList}
        onAdd={addToList}
        addDisabled={!picked}
        addTestId="stock-out-add"
      >
        {picked && (
          <Stack gap="xs" data-testid="stock-out-picked">
            <Text fw={600}>{picked.row.item_name}</Text>
            <Grid>
              <Grid.Col span={{ base: 6, sm: cogsShown ? 3 : 4 }}>
                <TextInput label={T.goodNow} value={qty(picked.stock.qty)} readOnly />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: cogsShown ? 3 : 4 }}>
                <TextInput label={T.badNow} value={qty(picked.stock.drv_bad_qty)} readOnly />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: cogsShown ? 3 : 4 }}>
                <TextInput
                  label={`${T.qtyInput}${picked.row.unit_name ? ` (${picked.row.unit_name})` : ''}`}
                  value={qtyText}
                  inputMode="decimal"
                  onChange={(e) => setQtyText(e.currentTarget.value)}
                  data-testid="stock-out-qty"
                />
              </Grid.Col>
              {cogsShown && (
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <TextInput label={T.cost} value={money(picked.stock.variant_cogs)} readOnly />
                </Grid.Col>
              )}
            </Grid>
          </Stack>
        )}
      </AddItemPanel>

      <LinesTable
        title={T.list}
        columns={columns}
        lines={lines}
        rowKey={(l) => l.uuid}
        testId="stock-out-lines"
        minWidth={cogsShown ? 760 : 560}
        empty={{ text: '-' }}
        deleteHeader={{ text: T.deleteTitle, hidden: true }}
        deleteLabel={(l) => `${T.deleteTitle} ${l.item_name}`}
        onDelete={(l) => void remove(l.uuid)}
        footer={
          cogsShown && (
            <Table.Tr>
              <Table.Th colSpan={6} ta="right">
                {T.costGrandTotal}
              </Table.Th>
              <Table.Th ta="right" data-testid="stock-out-cost-grand-total">
                {money(costGrandTotal(lines))}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          )
        }
      />
      <SubmitBar
        notice={notice}
        noticeTestId="stock-out-notice"
        label={T.submit}
        busy={busy}
        onSubmit={() => void send()}
        testId="stock-out-submit"
      />
    </Stack>
  );

  return (
    <EntryPage title={T.title}>
      <Grid>
        <Grid.Col span={{ base: 12, lg: forCustomer ? 7 : 12 }}>{formPane}</Grid.Col>
        {forCustomer && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <CustomerSalePanel
              store={store}
              history={historyApi}
              pos={posApi}
              wording={wording}
              receipt={{
                config: env.config,
                paper: env.paper,
                isTablet: env.isTablet,
                separators,
              }}
              qtyDecimalLength={decimals}
              selectedId={form.pos_sales_local_trx_id}
              onSelect={(id) => set({ pos_sales_local_trx_id: id })}
              refreshKey={refreshKey}
              now={now}
            />
          </Grid.Col>
        )}
      </Grid>
    </EntryPage>
  );
}
