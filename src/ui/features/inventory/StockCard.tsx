// The stock card (ours, issue 22 item 9): one item's movements at the outlet's locations — opening stock,
// stock in, sales and consumptions, adjustments, transfers, bad stock — newest first, with the date, the
// reference, who made it, the quantities and the running balance after each (GET stock-card, the server's
// sums over its ledger). Opened from a row of 'Daftar Stok'; a dialog, full screen below 992 px.
import {
  Alert,
  Box,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { StockCardResponse } from '../../../api/contract/inventory';
import { errorMessage } from '../../../api/http';
import type { InventoryApi } from '../../../api/inventory';
import { formatQty, type Separators } from '../../../domain';
import { STOCK_CARD_TEXTS as T } from '../../../domain/texts/stock-card';

/** The card's page size (one of the server's 10, 20, 50). */
export const STOCK_CARD_PAGE_SIZE = 20;

const KIND: Record<string, string> = {
  opening: T.opening,
  from_supplier: T.fromSupplier,
  to_bad_stock: T.toBadStock,
  consumption: T.consumption,
  adjustment: T.adjustment,
  transfer_out: T.transferOut,
  transfer_in: T.transferIn,
  sales: T.sales,
  ingredients: T.ingredients,
  sales_void: T.salesVoid,
  ingredients_void: T.ingredientsVoid,
};
/** The words for a ledger entry type (the code itself for one we do not know). */
export const stockCardKind = (entryType: string): string => KIND[entryType] ?? entryType;

const ALL = 'all';
const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; card: StockCardResponse };

export interface StockCardProps {
  api: InventoryApi;
  /** The item whose card is open; null: closed. */
  item: { pos_item_variant_id: number; item_name: string } | null;
  locations: readonly { inv_sloc_id: number; location_name: string }[];
  qtyDecimals: number;
  separators: Separators;
  onClose(): void;
}

export function StockCard({ api, item, locations, qtyDecimals, separators, onClose }: StockCardProps) {
  // full screen on a tablet (800 px) too: the balance columns need the width
  const narrow = useMediaQuery('(max-width: 62em)');
  const [location, setLocation] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const variantId = item?.pos_item_variant_id ?? null;

  // a newly opened item starts at its newest movements over every location
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another item opens
  useEffect(() => {
    setLocation(ALL);
    setPage(1);
  }, [variantId]);

  useEffect(() => {
    if (variantId === null) return;
    let live = true;
    setLoad({ status: 'loading' });
    api
      .stockCard({
        pos_item_variant_id: variantId,
        inv_sloc_id: location === ALL ? undefined : Number(location),
        page,
        size: STOCK_CARD_PAGE_SIZE,
      })
      .then(
        (card) => live && setLoad({ status: 'ready', card }),
        (e: unknown) => live && setLoad({ status: 'error', message: errorMessage(e) }),
      );
    return () => {
      live = false;
    };
  }, [api, variantId, location, page]);

  const qty = (n: number) => formatQty(n, qtyDecimals, separators);
  const signed = (n: number) => (n > 0 ? `+${qty(n)}` : n === 0 ? '0' : qty(n));
  const card = load.status === 'ready' ? load.card : null;
  const unit = card?.unit_name ? ` ${card.unit_name}` : '';
  const allLocations = location === ALL;

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={`${T.title} — ${item?.item_name ?? ''}`}
      size="min(1100px, 96vw)"
      fullScreen={narrow}
      data-testid="stock-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label={T.location}
            data={[
              { value: ALL, label: T.allLocations },
              ...locations.map((l) => ({ value: String(l.inv_sloc_id), label: l.location_name })),
            ]}
            value={location}
            onChange={(v) => {
              setLocation(v ?? ALL);
              setPage(1);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="stock-card-location"
          />
          {card && (
            <Text size="sm" data-testid="stock-card-now">
              {T.stockNow}: {T.qty} <b>{qty(card.qty)}</b>
              {unit} · {T.badQty} <b>{qty(card.bad_qty)}</b>
              {unit} · {T.movements(String(card.total))}
            </Text>
          )}
        </Group>
        {load.status === 'loading' && (
          <Center py="lg">
            <Loader aria-label={T.title} />
          </Center>
        )}
        {load.status === 'error' && (
          <Alert color="red" role="alert" data-testid="stock-card-error">
            {load.message}
          </Alert>
        )}
        {card && card.rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg" data-testid="stock-card-empty">
            {T.empty}
          </Text>
        )}
        {card && card.rows.length > 0 && (
          <Box
            style={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={`${T.title} ${card.item_name}`}
          >
            <Table
              striped
              withTableBorder
              verticalSpacing="xs"
              miw={allLocations ? 980 : 860}
              data-testid="stock-card-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.date}</Table.Th>
                  <Table.Th>{T.kind}</Table.Th>
                  <Table.Th>{T.reference}</Table.Th>
                  <Table.Th>{T.who}</Table.Th>
                  {allLocations && <Table.Th>{T.place}</Table.Th>}
                  <Table.Th style={NUMERIC}>{T.qty}</Table.Th>
                  <Table.Th style={NUMERIC}>{T.badQty}</Table.Th>
                  <Table.Th style={NUMERIC}>{T.balance}</Table.Th>
                  <Table.Th style={NUMERIC}>{T.badBalance}</Table.Th>
                  <Table.Th>{T.notes}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {card.rows.map((r) => (
                  <Table.Tr
                    key={r.entry_id}
                    data-testid={`stock-card-row-${r.entry_id}`}
                    data-entry-type={r.entry_type}
                  >
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.at.slice(0, 16)}</Table.Td>
                    <Table.Td title={r.entry_type}>{stockCardKind(r.entry_type)}</Table.Td>
                    <Table.Td>
                      {r.reference ?? '-'}
                      {r.for_sale && (
                        <Text size="xs" c="dimmed" component="div">
                          {T.forSale(r.for_sale)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{r.who ?? '-'}</Table.Td>
                    {allLocations && <Table.Td>{r.location_name}</Table.Td>}
                    <Table.Td style={NUMERIC} data-column="qty">
                      {signed(r.qty)}
                    </Table.Td>
                    <Table.Td style={NUMERIC} data-column="bad_qty">
                      {signed(r.bad_qty)}
                    </Table.Td>
                    <Table.Td style={NUMERIC} fw={600} data-column="balance">
                      {qty(r.balance)}
                    </Table.Td>
                    <Table.Td style={NUMERIC} data-column="bad_balance">
                      {qty(r.bad_balance)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.notes ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {card && card.total > card.size && (
          <Pagination
            total={Math.ceil(card.total / card.size)}
            value={page}
            onChange={setPage}
            withEdges
            siblings={1}
            data-testid="stock-card-pagination"
            getControlProps={(control) => ({ 'aria-label': control })}
            getItemProps={(p) => ({ 'aria-label': `${p}` })}
          />
        )}
      </Stack>
    </Modal>
  );
}
