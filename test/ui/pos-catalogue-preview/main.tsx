// A harness for the catalogue, the item dialogs and the cart on the REAL engine (Dexie store +
// cashier commands in this browser) with a configuration the driver serves at /__preview/config.json
// (fetched from the real server). Used by test/ui/pos-catalogue-screens.ts and the benches.
// Query: ?kind=NORMAL|COUPON_SALES&tablet=1
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Box, Grid, Paper, Select, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { type PosConfig, posConfigSchema, type TrxType } from '../../../src/domain';
import { type CashierCommands, createCashierCommands } from '../../../src/projections/commands';
import { createStore } from '../../../src/projections/store';
import { AppProviders } from '../../../src/ui/app/App';
import { confirm, notify } from '../../../src/ui/components/feedback';
import { CartView } from '../../../src/ui/features/pos/cart/CartView';
import { CatalogueView } from '../../../src/ui/features/pos/catalogue/CatalogueView';
import { toServiceArea } from '../../../src/ui/features/pos/dialogs/service-areas';
import { ItemDialogs } from '../../../src/ui/features/pos/item-modal/ItemDialogs';
import type { PosPorts } from '../../../src/ui/features/pos/item-modal/ports';
import { itemModalActions } from '../../../src/ui/features/pos/item-modal/store';
import { LAZY_DROPDOWN } from '../../../src/ui/features/pos/item-modal/WorkerFields';
import { useShownTrx } from '../../../src/ui/features/pos/use-shown-trx';

declare global {
  interface Window {
    __posPreview?: { ready: boolean; local_trx_id: string; timeAddItem?: (n: number) => Promise<number[]> };
  }
}

const params = new URLSearchParams(window.location.search);
const kind = (params.get('kind') ?? 'NORMAL') as TrxType;
const isTablet = params.get('tablet') === '1';

// Stable handlers that do not subscribe to the open dialog (as on the live page).
const modal = itemModalActions();
const openCustom = () => modal.openCustom(null);
const workerStatus = () => 'Available';
const SEPARATORS = { decimalSeparator: '.', thousandSeparator: ',' };

function Harness({
  config,
  store,
  local_trx_id,
}: {
  config: PosConfig;
  store: ReturnType<typeof createStore>;
  local_trx_id: string;
}) {
  const read = useLiveQuery(() => store.db.transactions.get(local_trx_id), [local_trx_id]);
  // As on the live page: the row a command is committing shows at once.
  const trx = useShownTrx(commands.pending, local_trx_id, read) ?? null;
  const serviceArea = useMemo<PosPorts['serviceArea']>(
    () => (value, onChange, label) => (
      <Select
        label={label}
        data={config.area.map((a) => ({ value: String(a.pos_area_id), label: a.area_name }))}
        value={value ? String(value.pos_area_id) : null}
        onChange={(v) => onChange(toServiceArea(v, config.area, config.area_category))}
        clearable
        size="md"
        comboboxProps={LAZY_DROPDOWN}
      />
    ),
    [config],
  );
  // Like the live page (item-modal/live.tsx): one ports object per transaction read model.
  const ports = useMemo<PosPorts>(
    () => ({
      config,
      isTablet,
      separators: SEPARATORS,
      trx,
      commands,
      notify: (k, m) => notify(k, m),
      confirm: (o) => confirm({ title: o.title, message: o.message }),
      authorize: async () => ({ password: 'preview', reason: 'preview', verified: true }),
      serviceArea,
      workerStatus,
      host: window.location.origin,
      now: () => new Date(),
    }),
    [config, trx, serviceArea],
  );
  return (
    <Grid p="sm" gap="sm">
      <Grid.Col span={8}>
        <CatalogueView
          ports={ports}
          onPick={modal.open}
          onCustom={openCustom}
          gridHeight="calc(100dvh - 140px)"
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <Paper withBorder p="sm" style={{ height: 'calc(100dvh - 32px)', overflowY: 'auto' }}>
          <Title order={5} mb="xs">
            Keranjang
          </Title>
          <CartView ports={ports} onOpenItem={modal.open} onOpenCustom={modal.openCustom} />
        </Paper>
      </Grid.Col>
      <ItemDialogs ports={ports} />
    </Grid>
  );
}

let commands: CashierCommands;

async function main() {
  const raw = await (await fetch('/__preview/config.json')).json();
  // ?commission=0: the commission scheme off (no missing-worker question), for the tap-to-cart bench.
  const config = posConfigSchema.parse(
    params.get('commission') === '0' ? { ...raw, is_pos_commission_scheme: 0 } : raw,
  );
  const store = createStore({ dbName: `pos-preview-${Date.now()}` });
  const all = createCashierCommands({ store, getConfig: () => config, actor: () => config.business_user_id });
  commands = all;
  const started = await all.startTransaction({
    trx_type: kind,
    pos_salesType_id: config.sales_type[0]?.pos_salesType_id ?? null,
  });
  if (!started.ok) throw new Error(started.message);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <AppProviders>
      <Box>
        <Harness config={config} store={store} local_trx_id={started.local_trx_id} />
      </Box>
    </AppProviders>,
  );
  // For the benches: the command alone (validate + commit + projections), without any rendering.
  const timeAddItem = async (n: number) => {
    const target = await all.startTransaction({
      trx_type: 'NORMAL',
      pos_salesType_id: config.sales_type[0]?.pos_salesType_id ?? null,
    });
    if (!target.ok) throw new Error(target.message);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const item = config.pos_items[i % config.pos_items.length];
      const t0 = performance.now();
      await all.addItem({
        local_trx_id: target.local_trx_id,
        item,
        pos_item_variant_id: item.pos_item_variants[0]?.pos_item_variant_id ?? 0,
        qty: 1,
      });
      out.push(performance.now() - t0);
    }
    return out;
  };
  window.__posPreview = { ready: true, local_trx_id: started.local_trx_id, timeAddItem };
}

void main();
