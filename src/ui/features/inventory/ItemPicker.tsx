// 'Tambah Barang' item picking shared by stock in, stock out, adjustment and transfer out (002 §2.3–2.6):
// by SKU (a barcode input, Enter submits) when pos_item_search_by_sku = 1, always by a name-search select
// (debounced 500 ms, also called with an empty name when the screen opens); the picked item's current
// stock at the chosen location is loaded with it and reloaded when the location changes.
import { Alert, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { CurrentStockResponse, SearchItemRow } from '../../../api/contract/inventory';
import { errorMessage } from '../../../api/http';
import type { InventoryApi } from '../../../api/inventory';
import { isOn, type PosConfig } from '../../../domain';
import { INVENTORY_MESSAGES as M } from '../../../domain/texts/inventory';

/** 002 §2.3: the name search is debounced 500 ms. */
export const ITEM_SEARCH_DEBOUNCE_MS = 500;

export interface PickedItem {
  row: SearchItemRow;
  /** The current stock at the picker's location. */
  stock: CurrentStockResponse;
}

export interface ItemPickerProps {
  api: InventoryApi;
  config: PosConfig;
  /** The location whose current stock is shown; null until one is chosen (then no stock is loaded). */
  invSlocId: number | null;
  /** The screen's 'not found' text for an unknown SKU (002 §5 differs on stock out). */
  notFoundText: string;
  /** The picked item, or null when cleared. */
  onPick(item: PickedItem | null): void;
  /** Bump to clear the picker (after 'Masukkan ke dalam Daftar' or a reset). */
  resetKey?: number;
}

const optionLabel = (r: SearchItemRow) => (r.sku ? `${r.item_name} (${r.sku})` : r.item_name);

/** The row first unless the options hold it already. */
export const withRow = (options: SearchItemRow[], row: SearchItemRow): SearchItemRow[] =>
  options.some((o) => o.pos_item_variant_id === row.pos_item_variant_id) ? options : [row, ...options];

/**
 * The select's options, one per variant: Mantine's Select throws on a repeated value, which took the whole
 * screen down when a search answer and a SKU pick brought the same variant in together.
 */
export function selectData(options: readonly SearchItemRow[]): { value: string; label: string }[] {
  const seen = new Set<string>();
  const data: { value: string; label: string }[] = [];
  for (const r of options) {
    const value = String(r.pos_item_variant_id);
    if (seen.has(value)) continue;
    seen.add(value);
    data.push({ value, label: optionLabel(r) });
  }
  return data;
}

export function ItemPicker({ api, config, invSlocId, notFoundText, onPick, resetKey }: ItemPickerProps) {
  const bySku = isOn(config.pos_item_search_by_sku);
  const [sku, setSku] = useState('');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, ITEM_SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<SearchItemRow[]>([]);
  const [searching, setSearching] = useState(false);
  const [picked, setPicked] = useState<SearchItemRow | null>(null);
  const [loadingStock, setLoadingStock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  // the name search: at open with an empty name, then per debounced term; a stale answer is dropped
  useEffect(() => {
    let live = true;
    setSearching(true);
    api
      .searchItems({ item_name: term.trim() })
      .then((rows) => {
        if (live) setOptions(rows);
      })
      .catch((e) => {
        if (live) setError(errorMessage(e));
      })
      .finally(() => {
        if (live) setSearching(false);
      });
    return () => {
      live = false;
    };
  }, [api, term]);

  // the picked item's stock at the location (again when the location changes)
  useEffect(() => {
    if (!picked || invSlocId === null) {
      onPickRef.current(null);
      return;
    }
    let live = true;
    setLoadingStock(true);
    api
      .currentStock({ pos_item_variant_id: picked.pos_item_variant_id, inv_sloc_id: invSlocId })
      .then((stock) => {
        if (live) onPickRef.current({ row: picked, stock });
      })
      .catch((e) => {
        if (live) {
          // without its stock the item cannot be entered: the select shows no item, the error says why
          setError(errorMessage(e));
          setLoadingStock(false);
          setPicked(null);
          onPickRef.current(null);
        }
      })
      .finally(() => {
        if (live) setLoadingStock(false);
      });
    return () => {
      live = false;
    };
  }, [api, picked, invSlocId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger
  useEffect(() => {
    setPicked(null);
    setSku('');
    setSearch('');
    setError(null);
  }, [resetKey]);

  const choose = (row: SearchItemRow | null) => {
    setError(null);
    setPicked(row);
    // checked on the newest options: a search answer may have brought the row in since this render
    if (row) setOptions((o) => withRow(o, row));
  };

  const submitSku = async () => {
    const code = sku.trim();
    if (!code) {
      setError(M.skuRequired);
      return;
    }
    setError(null);
    try {
      const [row] = await api.searchItems({ sku: code });
      if (!row) {
        setError(notFoundText);
        return;
      }
      choose(row);
      setSku('');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const data = selectData(options);

  return (
    <Stack gap="xs">
      {bySku && (
        <TextInput
          label="SKU"
          value={sku}
          onChange={(e) => setSku(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submitSku();
            }
          }}
          autoComplete="off"
          data-testid="item-picker-sku"
        />
      )}
      <Select
        label="Nama Barang"
        searchable
        clearable
        data={data}
        value={picked ? String(picked.pos_item_variant_id) : null}
        searchValue={search}
        onSearchChange={setSearch}
        // the server filters by name; show its answer as is
        filter={({ options: o }) => o}
        onChange={(value) => choose(options.find((o) => String(o.pos_item_variant_id) === value) ?? null)}
        rightSection={searching ? <Loader size="xs" role="status" aria-label="Mencari" /> : undefined}
        nothingFoundMessage={searching ? undefined : M.itemNotFound}
        data-testid="item-picker-name"
        comboboxProps={{ withinPortal: true }}
      />
      {loadingStock && (
        <Group gap="xs">
          <Loader size="xs" role="status" aria-label="Memuat stok" />
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="item-picker-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
