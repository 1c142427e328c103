// The on-screen cart (000 §2 "On-screen cart", §5 "Line removal"): rows with sub-lines and
// package lines, removal (with 'Otorisasi Hapus Item' when pos_cashier_delete_by_pin = 1), the
// summary with 'hapus' on the global and member discounts. Totals are src/domain's pricing.
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { isOn as on, type PosItem, priceTransaction, validateLineRemoval } from '../../../../domain';
import type { ItemModalTarget } from '../item-modal/form';
import { linesEditable, type PosPorts } from '../item-modal/ports';
import '../../../components/light-dialog.css';
import { type CartRow, cartRows, receivableLines, summaryRows } from './lines';

/**
 * Removing a line asks first (issue 10: a line of 20 went with one tap). The title is the spec's
 * payment-removal question (000 §2); the content is ours. With pos_cashier_delete_by_pin = 1 the
 * 'Otorisasi Hapus Item' dialog is the confirmation. docs/decisions.md.
 */
export const REMOVE_LINE_CONFIRM = {
  title: 'Apakah Anda yakin ingin menghapus?',
  message: (row: Pick<CartRow, 'name' | 'qtyText'>) => `Item akan dihapus: ${row.name} ${row.qtyText}`,
} as const;

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

/** What a row shows: a row re-renders only when this changes (lines are read afresh from IndexedDB). */
const rowSignature = (row: CartRow, receivable: readonly string[]): string =>
  [row.name, row.qtyText, row.subtotalText, ...row.subLines, ...row.packageLines, ...receivable].join(
    '\u0001',
  );

interface CartRowViewProps {
  row: CartRow;
  sig: string;
  receivable: readonly string[];
  editable: boolean;
  removing: boolean;
  onOpen: (row: CartRow) => void;
  onRemove: (row: CartRow) => Promise<void>;
}

// Plain elements styled by the sheet (light-dialog.css): a cart of many lines stays cheap to render.
const CartRowView = memo(
  function CartRowView({ row, receivable, editable, removing, onOpen, onRemove }: CartRowViewProps) {
    return (
      <div className="cart-row" data-testid="cart-row">
        <button type="button" className="cart-open" onClick={() => onOpen(row)} disabled={!editable}>
          <span className="cart-head">
            <span className="cart-name">
              {row.name} <span className="cart-qty">{row.qtyText}</span>
            </span>
            <span className="cart-subtotal">{row.subtotalText}</span>
          </span>
          {[...row.subLines, ...row.packageLines, ...receivable].map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sub-lines are positional text
            <span key={i} className="cart-sub" style={{ display: 'block' }}>
              {text}
            </span>
          ))}
        </button>
        {editable ? (
          <button
            type="button"
            className="cart-remove"
            aria-label="Hapus item"
            disabled={removing}
            data-loading={removing ? true : undefined}
            onClick={() => void onRemove(row)}
          >
            {removing ? <span className="ld-spinner" aria-hidden="true" /> : <TrashIcon />}
          </button>
        ) : null}
      </div>
    );
  },
  (a, b) =>
    a.sig === b.sig &&
    a.editable === b.editable &&
    a.removing === b.removing &&
    a.onOpen === b.onOpen &&
    a.onRemove === b.onRemove,
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
  // Row handlers stay the same functions across renders (rows are memoised) and read the latest values.
  const latest = useRef({ trx, ports, itemsById, onOpenItem, onOpenCustom });
  latest.current = { trx, ports, itemsById, onOpenItem, onOpenCustom };

  const open = useCallback((row: CartRow) => {
    const { trx: t, itemsById: items } = latest.current;
    if (!linesEditable(t)) return;
    const line = row.line;
    if (on(line.is_custom)) return latest.current.onOpenCustom(line);
    const catalogueItem = line.pos_item_id ? items.get(line.pos_item_id) : undefined;
    latest.current.onOpenItem({ item: catalogueItem ?? line.itemMeta, line });
  }, []);

  const remove = useCallback(async (row: CartRow) => {
    const { trx: t, ports: p } = latest.current;
    if (!t) return;
    const blocked = validateLineRemoval(row.line, t);
    if (blocked) return p.notify('error', blocked);
    if (!on(p.config.pos_cashier_delete_by_pin)) {
      const sure = await p.confirm({
        title: REMOVE_LINE_CONFIRM.title,
        message: REMOVE_LINE_CONFIRM.message(row),
      });
      if (!sure) return;
    }
    setRemoving(row.id);
    try {
      const input = { local_trx_id: t.local_trx_id, local_trx_detail_id: row.id };
      let r = await p.commands.removeLine(input);
      if (!r.ok && r.authorizationRequired) {
        const authorization = await p.authorize('deletion');
        if (!authorization) return;
        r = await p.commands.removeLine({ ...input, authorization });
      }
      if (!r.ok) return p.notify('error', r.message);
      p.notify('success', 'Item successfully removed');
    } finally {
      setRemoving(null);
    }
  }, []);

  if (!trx || !totals) return null;
  const editable = linesEditable(trx);

  const removeDiscount = async (kind: 'global' | 'member') => {
    const r =
      kind === 'global'
        ? await ports.commands.removeGlobalDiscount(trx.local_trx_id)
        : await ports.commands.removeMemberDiscount(trx.local_trx_id);
    if (!r.ok) ports.notify('error', r.message);
  };

  const receivable = receivableLines(trx);
  return (
    <div data-testid="cart">
      {rows.length === 0 ? (
        <p className="ld-text cart-empty" data-testid="cart-empty">
          Belum ada produk dipilih..
        </p>
      ) : (
        rows.map((row) => (
          <CartRowView
            key={row.id}
            row={row}
            sig={rowSignature(row, receivable)}
            receivable={receivable}
            editable={editable}
            removing={removing === row.id}
            onOpen={open}
            onRemove={remove}
          />
        ))
      )}
      <hr className="cart-divider" />
      <div className="cart-summary" data-testid="cart-summary">
        {summaryRows(trx, totals, config, ports.separators).map((r) => {
          const strong = r.kind === 'amount' && r.strong;
          return (
            <div key={r.label} className={strong ? 'cart-sum cart-strong' : 'cart-sum'}>
              <p>
                {r.label}
                {r.kind === 'discount' && r.removable && editable ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="cart-link"
                      onClick={() => void removeDiscount(r.removable ?? 'global')}
                    >
                      hapus
                    </button>
                  </>
                ) : null}
              </p>
              <p>{r.value}</p>
            </div>
          );
        })}
      </div>
    </div>
  );
}
