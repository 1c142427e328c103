// The on-screen cart (000 §2 "On-screen cart", §5 "Line removal"): rows with sub-lines and
// package lines, removal (with 'Otorisasi Hapus Item' when pos_cashier_delete_by_pin = 1), the
// summary with 'hapus' on the global and member discounts. Totals are src/domain's pricing.
import { ActionIcon, Anchor, Box, Divider, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type PosItem, priceTransaction, validateLineRemoval } from '../../../../domain';
import type { ItemModalTarget } from '../item-modal/form';
import { linesEditable, type PosPorts } from '../item-modal/ports';
import { type CartRow, cartRows, receivableLines, summaryRows } from './lines';

const on = (v: unknown) => v === 1 || v === true;

const TrashIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
  </svg>
);

export interface CartViewProps {
  ports: PosPorts;
  onOpenItem: (target: ItemModalTarget) => void;
  onOpenCustom: (line: CartRow['line']) => void;
}

export function CartView({ ports, onOpenItem, onOpenCustom }: CartViewProps) {
  const { trx, config } = ports;
  const [removing, setRemoving] = useState<string | null>(null);
  const totals = useMemo(() => (trx ? priceTransaction(trx, config) : null), [trx, config]);
  const rows = useMemo(
    () =>
      trx
        ? cartRows(trx, totals, {
            separators: ports.separators,
            qtyDecimalLength: config.qty_decimal_length,
            multiCommission: on(config.is_pos_multicommission_scheme),
            showSecretNotes: on(config.secret_notes),
          })
        : [],
    [trx, totals, config, ports.separators],
  );
  const itemsById = useMemo(
    () => new Map<number, PosItem>(config.pos_items.map((i) => [i.pos_item_id, i])),
    [config.pos_items],
  );
  if (!trx || !totals) return null;
  const editable = linesEditable(trx);

  const open = (row: CartRow) => {
    if (!editable) return;
    const line = row.line;
    if (on(line.is_custom)) return onOpenCustom(line);
    const catalogueItem = line.pos_item_id ? itemsById.get(line.pos_item_id) : undefined;
    onOpenItem({ item: catalogueItem ?? line.itemMeta, line });
  };

  const remove = async (row: CartRow) => {
    const blocked = validateLineRemoval(row.line, trx);
    if (blocked) return ports.notify('error', blocked);
    setRemoving(row.id);
    try {
      const input = { local_trx_id: trx.local_trx_id, local_trx_detail_id: row.id };
      let r = await ports.commands.removeLine(input);
      if (!r.ok && r.authorizationRequired) {
        const authorization = await ports.authorize('deletion');
        if (!authorization) return;
        r = await ports.commands.removeLine({ ...input, authorization });
      }
      if (!r.ok) return ports.notify('error', r.message);
      ports.notify('success', 'Item successfully removed');
    } finally {
      setRemoving(null);
    }
  };

  const removeDiscount = async (kind: 'global' | 'member') => {
    const r =
      kind === 'global'
        ? await ports.commands.removeGlobalDiscount(trx.local_trx_id)
        : await ports.commands.removeMemberDiscount(trx.local_trx_id);
    if (!r.ok) ports.notify('error', r.message);
  };

  const receivable = receivableLines(trx);
  return (
    <Stack gap={0} data-testid="cart">
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="cart-empty">
          Belum ada produk dipilih..
        </Text>
      ) : (
        rows.map((row) => (
          <Box
            key={row.id}
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="cart-row"
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => open(row)} disabled={!editable}>
                <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
                  <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                    {row.name}{' '}
                    <Text span c="dimmed" size="sm">
                      {row.qtyText}
                    </Text>
                  </Text>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {row.subtotalText}
                  </Text>
                </Group>
                {[...row.subLines, ...row.packageLines].map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sub-lines are positional text
                  <Text key={i} size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {text}
                  </Text>
                ))}
                {receivable.map((text) => (
                  <Text key={text} size="xs" c="dimmed">
                    {text}
                  </Text>
                ))}
              </UnstyledButton>
              {editable ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={40}
                  aria-label="Hapus item"
                  loading={removing === row.id}
                  onClick={() => void remove(row)}
                >
                  <TrashIcon />
                </ActionIcon>
              ) : null}
            </Group>
          </Box>
        ))
      )}
      <Divider my="xs" />
      <Stack gap={2} data-testid="cart-summary">
        {summaryRows(trx, totals, config, ports.separators).map((r) => (
          <Group key={r.label} justify="space-between" wrap="nowrap">
            <Text
              size={r.kind === 'amount' && r.strong ? 'md' : 'sm'}
              fw={r.kind === 'amount' && r.strong ? 700 : 400}
            >
              {r.label}
              {r.kind === 'discount' && r.removable && editable ? (
                <>
                  {' '}
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    c="red"
                    onClick={() => void removeDiscount(r.removable ?? 'global')}
                  >
                    hapus
                  </Anchor>
                </>
              ) : null}
            </Text>
            <Text
              size={r.kind === 'amount' && r.strong ? 'md' : 'sm'}
              fw={r.kind === 'amount' && r.strong ? 700 : 400}
            >
              {r.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
