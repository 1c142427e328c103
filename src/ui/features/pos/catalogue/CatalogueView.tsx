// The product catalogue (000 §2 "Product catalogue"): SKU input and camera scan, keyword search,
// '+ Tambahkan Produk Custom', and the tiles grouped by category (coupons for coupon sales).
import { ActionIcon, Box, Button, Group, TextInput } from '@mantine/core';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { isOn as on, validateSkuSearch } from '../../../../domain';
import type { ItemModalTarget } from '../item-modal/form';
import type { PosPorts } from '../item-modal/ports';
import {
  buildCouponCatalogue,
  buildItemCatalogue,
  type CatalogueBlock,
  type CatalogueIndex,
  type CatalogueTile,
  findBySku,
  narrowingFilter,
} from './model';
import { SkuScanModal } from './SkuScanModal';
import { TileGrid } from './TileGrid';

const BarcodeIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M2 4h2v16H2zM5 4h1v16H5zM7 4h2v16H7zM10 4h1v16h-1zM13 4h2v16h-2zM16 4h1v16h-1zM18 4h1v16h-1zM20 4h2v16h-2z" />
  </svg>
);

export interface CatalogueViewProps {
  ports: PosPorts;
  /** A tile was tapped: open the item modal for it. */
  onPick: (target: ItemModalTarget) => void;
  onCustom: () => void;
  /** Height of the tile area (the page gives the catalogue the rest of the screen). */
  gridHeight?: string;
}

export function useCatalogueIndex(ports: Pick<PosPorts, 'config' | 'trx' | 'host'>): CatalogueIndex {
  const { config, trx, host } = ports;
  const isCoupon = trx?.trx_type === 'COUPON_SALES';
  const membership = trx?.customer?.membership_name ?? null;
  // Built once per configuration, transaction kind and audience; a keystroke only filters it.
  return useMemo(() => {
    const audience = {
      business_user_group_id: config.business_user_group_id,
      customer: membership ? { membership_name: membership } : null,
      business_memberships: config.business_memberships,
    };
    return isCoupon
      ? buildCouponCatalogue(config, audience, host)
      : buildItemCatalogue(config, audience, host);
  }, [config, isCoupon, membership, host]);
}

/** The keyword filter; typing narrows, erasing pops back (model.ts narrowingFilter). */
function useNarrowingFilter(index: CatalogueIndex, keyword: string): CatalogueBlock[] {
  const filter = useMemo(() => narrowingFilter(index), [index]);
  return useMemo(() => filter(keyword), [filter, keyword]);
}

function CatalogueViewImpl({
  ports,
  onPick,
  onCustom,
  gridHeight = 'calc(100dvh - 200px)',
}: CatalogueViewProps) {
  const { config, trx } = ports;
  const index = useCatalogueIndex(ports);
  const [keyword, setKeyword] = useState('');
  const [sku, setSku] = useState('');
  const [scanning, setScanning] = useState(false);
  const blocks = useNarrowingFilter(index, keyword);
  const isCoupon = trx?.trx_type === 'COUPON_SALES';
  // One function for the whole grid (tiles are memoised): a tap reads the latest onPick.
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const pickTile = useCallback((tile: CatalogueTile) => pickRef.current({ item: tile.item }), []);

  const searchSku = async (code: string) => {
    const hit = findBySku(index, code);
    const message = validateSkuSearch(code, hit !== null);
    if (message || !hit || !trx) {
      if (message) ports.notify('error', message);
      setSku('');
      return;
    }
    // SKU add uses qty 1.
    const r = await ports.commands.addItem({
      local_trx_id: trx.local_trx_id,
      item: hit.item,
      pos_item_variant_id: hit.pos_item_variant_id,
      qty: 1,
    });
    if (!r.ok) ports.notify('error', r.message);
    setSku('');
  };

  return (
    <Box data-testid="catalogue">
      <Group gap="xs" mb="sm" wrap="nowrap" align="flex-end">
        {on(config.pos_item_search_by_sku) && !isCoupon ? (
          <TextInput
            placeholder="SKU produk"
            aria-label="SKU produk"
            size="md"
            w={220}
            value={sku}
            onChange={(e) => setSku(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void searchSku(sku);
            }}
            rightSection={
              <ActionIcon variant="subtle" size="lg" aria-label="Scan SKU" onClick={() => setScanning(true)}>
                <BarcodeIcon />
              </ActionIcon>
            }
          />
        ) : null}
        <TextInput
          placeholder="Cari produk.."
          aria-label="Cari produk.."
          size="md"
          style={{ flex: 1 }}
          autoFocus={!ports.isTablet}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          data-testid="catalogue-search"
        />
      </Group>
      {on(config.is_custom_item) && !isCoupon ? (
        <Button variant="light" size="md" mb="sm" onClick={onCustom} fullWidth>
          + Tambahkan Produk Custom
        </Button>
      ) : null}
      <TileGrid
        blocks={blocks}
        height={gridHeight}
        empty="Produk tidak ditemukan"
        onPick={pickTile}
        tablet={ports.isTablet}
      />
      <SkuScanModal
        opened={scanning}
        onClose={() => setScanning(false)}
        onScan={(code) => {
          setScanning(false);
          setSku(code);
          void searchSku(code);
        }}
      />
    </Box>
  );
}

/**
 * What the catalogue shows depends on the configuration and on the transaction's kind, customer
 * membership and id only: a line added to the cart (a new trx read model) must not re-render the
 * search box and the tile grid.
 */
const sameCatalogue = (a: CatalogueViewProps, b: CatalogueViewProps): boolean =>
  a.onPick === b.onPick &&
  a.onCustom === b.onCustom &&
  a.gridHeight === b.gridHeight &&
  a.ports.config === b.ports.config &&
  a.ports.commands === b.ports.commands &&
  a.ports.isTablet === b.ports.isTablet &&
  a.ports.host === b.ports.host &&
  a.ports.trx?.local_trx_id === b.ports.trx?.local_trx_id &&
  a.ports.trx?.trx_type === b.ports.trx?.trx_type &&
  a.ports.trx?.customer?.membership_name === b.ports.trx?.customer?.membership_name &&
  (a.ports.trx === null) === (b.ports.trx === null);

export const CatalogueView = memo(CatalogueViewImpl, sameCatalogue);
