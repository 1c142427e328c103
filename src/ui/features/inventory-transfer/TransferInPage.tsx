// /inventory/transfer-in 'Inventory - Transfer Masuk' (002 §2.7): step 1 lists the transfers coming to this
// outlet; 'Detail Barang' opens step 2 for one, where a receiving location accepts it ('Transfer Masuk')
// or 'Cancel' goes back. Accepting is exactly once: the server keys the acceptance by the transfer, an
// identical repeat gets the first answer (docs/decisions.md), and the form is frozen while unsure.
import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IncomingTransfer } from '../../../api/contract/inventory';
import {
  defaultReceivingLocation,
  transferInError,
  transferInResult,
  transferQtyTotal,
} from '../../../domain/inventory-transfer';
import { INVENTORY_MESSAGES as M } from '../../../domain/texts/inventory';
import { TRANSFER_TEXTS as T, TRANSFER_OWN } from '../../../domain/texts/inventory-transfer';
import { formatOutletTime } from '../../../domain/time-format';
import { EntryPage, Frozen, useInventoryScreen } from '../inventory/entry';
import { InventoryNoticeAlert } from '../inventory/InventoryNoticeAlert';
import { useInventorySubmit } from '../inventory/useInventorySubmit';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rows: IncomingTransfer[] };

const timeText = (stamp: string) => formatOutletTime(stamp, 'd MMM yyyy, HH:mm') ?? stamp;

export function TransferInPage() {
  const { api, config, qtyText } = useInventoryScreen();
  const own = config?.storage_locations ?? [];
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [open, setOpen] = useState<IncomingTransfer | null>(null);
  const [receiving, setReceiving] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [unsure, setUnsure] = useState(false);
  /** 'Qty Saat Ini' at a receiving location other than the transfer's target (the server's is the target's). */
  const [stockHere, setStockHere] = useState<Map<number, number> | null>(null);
  const { busy, notice, setNotice, submit } = useInventorySubmit();

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    // 002 §8: a failed load stops the loader, no message
    api.incomingTransfers().then(
      (rows) => setLoad({ status: 'ready', rows }),
      () => setLoad({ status: 'failed' }),
    );
  }, [api]);
  useEffect(reload, [reload]);

  const detail = (t: IncomingTransfer) => {
    setNotice(null);
    setOpen(t);
    setReceiving(defaultReceivingLocation(own, t.target_inv_sloc_id));
    setNotes('');
    setUnsure(false);
  };

  const back = () => {
    setOpen(null);
    setNotice(null);
    setUnsure(false);
  };

  useEffect(() => {
    setStockHere(null);
    if (!open || receiving === null || receiving === open.target_inv_sloc_id) return;
    let live = true;
    Promise.all(
      open.inv_stock_trf_details.map((d) =>
        api
          .currentStock({ pos_item_variant_id: d.pos_item_variant_id, inv_sloc_id: receiving })
          .then((s) => [d.pos_item_variant_id, s.qty] as const),
      ),
    ).then(
      (pairs) => live && setStockHere(new Map(pairs)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, open, receiving]);

  const accept = async () => {
    if (!open) return;
    const error = transferInError(receiving);
    if (error || receiving === null) {
      setNotice({ kind: 'error', text: error ?? M.receivingRequired });
      return;
    }
    const body = {
      inv_stock_trf_head_id: open.inv_stock_trf_head_id,
      inv_sloc_id: receiving,
      notes: notes.trim() || null,
    };
    const wasUnsure = unsure;
    const outcome = await submit(() => api.transferIn(body), M.transferInDone);
    if (!outcome) return;
    setUnsure(outcome.kind === 'unknown');
    const result = transferInResult(outcome, wasUnsure);
    if (result === 'stay') return;
    if (result === 'done') setNotice({ kind: 'success', text: M.transferInDone });
    setOpen(null);
    reload();
  };

  const receivingOptions = useMemo(
    () => own.map((l) => ({ value: String(l.inv_sloc_id), label: l.location_name })),
    [own],
  );

  if (!config) return null;

  return (
    <EntryPage title={T.inTitle} testId="transfer-in-page">
      <InventoryNoticeAlert notice={notice} testId="transfer-in-notice" />
      {!open && (
        <Paper withBorder radius="md" p="md" miw={0}>
          {load.status === 'loading' && (
            <Center py="xl">
              <Loader aria-label={T.inTitle} />
            </Center>
          )}
          {load.status === 'ready' && (
            <>
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={T.inTitle}>
                <Table striped highlightOnHover verticalSpacing="xs" data-testid="incoming-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{T.transferId}</Table.Th>
                      <Table.Th>{T.transferTime}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>{T.qtyTotal}</Table.Th>
                      <Table.Th>{T.from}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {load.rows.map((t) => (
                      <Table.Tr key={t.inv_stock_trf_head_id} data-testid={`incoming-${t.trx_id}`}>
                        <Table.Td>{t.trx_id}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{timeText(t.trx_time)}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>{qtyText(transferQtyTotal(t))}</Table.Td>
                        <Table.Td>{t.source_location_name}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>
                          <Button size="xs" onClick={() => detail(t)} aria-label={`${T.detail} ${t.trx_id}`}>
                            {T.detail}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
              {load.rows.length === 0 && (
                <Text c="dimmed" ta="center" py="lg" data-testid="incoming-empty">
                  {TRANSFER_OWN.noIncoming}
                </Text>
              )}
            </>
          )}
        </Paper>
      )}
      {open && (
        <Paper withBorder radius="md" p="md" miw={0} data-testid="incoming-detail">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {`${T.transferId} ${open.trx_id} · ${T.from} ${open.source_location_name}`}
            </Title>
            <Frozen frozen={unsure || busy}>
              <Select
                label={T.receiving}
                data={receivingOptions}
                value={receiving === null ? null : String(receiving)}
                onChange={(v) => setReceiving(v ? Number(v) : null)}
                clearable
                allowDeselect={false}
                maw={420}
                data-testid="transfer-receiving"
                comboboxProps={{ withinPortal: true }}
              />
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={T.detail}>
                <Table striped verticalSpacing="xs" data-testid="incoming-details">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{T.itemName}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>{T.qtyNow}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>{T.qty}</Table.Th>
                      <Table.Th>{T.unit}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {open.inv_stock_trf_details.map((d) => {
                      const now = stockHere ? stockHere.get(d.pos_item_variant_id) : d.qty_now;
                      return (
                        <Table.Tr key={d.inv_stock_trf_detail_id}>
                          <Table.Td>{d.item_name ?? ''}</Table.Td>
                          <Table.Td style={{ textAlign: 'right' }}>
                            {now === undefined ? '' : qtyText(now)}
                          </Table.Td>
                          <Table.Td style={{ textAlign: 'right' }}>{qtyText(d.qty)}</Table.Td>
                          <Table.Td>{d.unit_name ?? ''}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Box>
              <Textarea
                label={T.notes}
                rows={3}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                maxLength={1000}
                data-testid="transfer-in-notes"
              />
            </Frozen>
            <Group justify="flex-end">
              <Button variant="default" onClick={back} disabled={busy} data-testid="transfer-in-cancel">
                {T.cancel}
              </Button>
              <Button onClick={() => void accept()} loading={busy} data-testid="transfer-in-submit">
                {T.submitIn}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </EntryPage>
  );
}
