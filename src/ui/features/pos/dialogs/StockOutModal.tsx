// 'Stok Barang Keluar' (000 §2): the transaction's Sales, Consumptions and Ingredients from
// cashier/inventory/inventory-out/{localTrxId} (ruling 5), and a link to create a stock-out.
import { Anchor, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../api/http';
import { formatQty } from '../../../../domain';
import type { DialogsApi, InventoryOut, StockMovementRow } from './dialogs-api';

export const STOCK_OUT_TITLE = 'Stok Barang Keluar';
/** The stock-out screen of the back office (route table: 'Inventory - Stok Keluar'). */
export const STOCK_OUT_PATH = '/inventory/stock-out';
export const STOCK_OUT_LINK_LABEL = 'Inventory - Stok Keluar';

export interface StockOutModalViewProps {
  /** The transaction whose stock-out is shown; null = closed. */
  localTrxId: string | null;
  onClose: () => void;
  api: Pick<DialogsApi, 'inventoryOut'>;
  qtyDecimalLength: number;
  /** Keeps the answer on the transaction (commands.recordStockOut): submit checks consumptions. */
  onLoaded?: (localTrxId: string, data: InventoryOut) => void;
  /** Navigates to the stock-out screen (the link's target). */
  onCreateStockOut: (localTrxId: string) => void;
}

export function StockOutModalView({
  localTrxId,
  onClose,
  api,
  qtyDecimalLength,
  onLoaded,
  onCreateStockOut,
}: StockOutModalViewProps) {
  const [data, setData] = useState<InventoryOut | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!localTrxId) return;
    let live = true;
    setData(null);
    setError(null);
    api
      .inventoryOut(localTrxId)
      .then((d) => {
        if (!live) return;
        setData(d);
        onLoaded?.(localTrxId, d);
      })
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [localTrxId, api, onLoaded]);

  return (
    <Modal opened={localTrxId !== null} onClose={onClose} title={STOCK_OUT_TITLE} size="xl" centered>
      {error ? (
        <Text c="red">{error}</Text>
      ) : data === null ? (
        <Loader mx="auto" display="block" />
      ) : (
        <Stack gap="md">
          <StockOutSection title="Sales" rows={data.sales} qtyDecimalLength={qtyDecimalLength} />
          <StockOutSection
            title="Consumptions"
            rows={data.consumptions}
            qtyDecimalLength={qtyDecimalLength}
          />
          <StockOutSection title="Ingredients" rows={data.ingredients} qtyDecimalLength={qtyDecimalLength} />
          {localTrxId && (
            <Anchor component="button" type="button" fw={600} onClick={() => onCreateStockOut(localTrxId)}>
              + {STOCK_OUT_LINK_LABEL}
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}

export function StockOutSection({
  title,
  rows,
  qtyDecimalLength,
}: {
  title: string;
  rows: StockMovementRow[];
  qtyDecimalLength: number;
}) {
  return (
    <div>
      <Title order={5} mb={4}>
        {title}
      </Title>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Varian</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th>Unit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4} c="dimmed" ta="center">
                -
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only answer; two rows may be identical
              <Table.Tr key={i}>
                <Table.Td>{r.item_name ?? '-'}</Table.Td>
                <Table.Td>{r.variant_name ?? '-'}</Table.Td>
                <Table.Td ta="right">{formatQty(r.qty, qtyDecimalLength)}</Table.Td>
                <Table.Td>{r.unit_name ?? ''}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
