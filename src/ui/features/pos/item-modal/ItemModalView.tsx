// The item modal's fields (000 §2 "Item modal"): qty, variant, price, modifiers, item and custom
// discounts, coupon fields, notes, tags, workers, sellers, service area, package items.
// The dialog and the fields above MoreFields are plain elements styled by one sheet (issue 28: a
// tap opens this modal; Mantine's per-component styles and its modal's transition and focus trap
// were most of the tap's script time); MoreFields keeps Mantine's selects and inputs.
import { Alert } from '@mantine/core';
import {
  useDeferredValue,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { INPUT_LIMITS } from '../../../../api/contract/input';
import { canIncrementQty, decrementQty, formatMoney, validateCustomPrice } from '../../../../domain';
import { SALE_MESSAGES } from '../../../../domain/texts/sale';
import { LightDialog } from '../../../components/light-dialog';
import { chosenVariantOf, toggleOption, withCustomPrice, withOriginalPrices } from './form';
import { MoreFields } from './MoreFields';
import type { BusySignal, ItemModalViewProps } from './view-props';

const noSubscribe = () => () => {};
const off = () => false;

/** 'Tambahkan' / 'Simpan': its spinner (a slow command) re-renders this button only. */
function SubmitButton(p: { busy?: boolean; busySignal?: BusySignal; onClick: () => void; label: string }) {
  const signalled = useSyncExternalStore(
    p.busySignal?.subscribe ?? noSubscribe,
    p.busySignal?.get ?? off,
    off,
  );
  const busy = !!p.busy || signalled;
  return (
    <button
      type="button"
      className="ld-btn"
      onClick={p.onClick}
      disabled={busy}
      data-loading={busy ? true : undefined}
      data-testid="item-modal-submit"
    >
      {busy ? <span className="ld-spinner" aria-hidden="true" /> : null}
      <span className="ld-label-text">{p.label}</span>
    </button>
  );
}

export function ItemModalView(p: ItemModalViewProps) {
  const { form, setForm, sections, config } = p;
  const currency = config.currency_code;
  const money = (v: number) => formatMoney(v, p.separators);
  const qtyRef = useRef<HTMLInputElement>(null);
  const qtyId = useId();
  const [priceEditing, setPriceEditing] = useState(false);
  const [priceText, setPriceText] = useState('');
  const variant = chosenVariantOf(form);
  // The fields below the modifiers (MoreFields) come one low-priority render later: the modal with
  // qty, variants, price and 'Tambahkan' shows at once, the rest follows before a cashier can
  // reach it (and a fast 'Tambahkan' does not wait for it).
  const full = useDeferredValue(true, false);
  // 'Tambahkan' pressed before they rendered: they stay unrendered while the submit runs (rendering
  // them then only competes with the command and the cart's update) and show if the modal stays.
  const holdRef = useRef(false);
  const [, release] = useReducer((n: number) => n + 1, 0);
  const submit = () => {
    const pending = p.onSubmit();
    if (full || !pending) return;
    holdRef.current = true;
    void pending.then((closing) => {
      if (closing) return;
      holdRef.current = false;
      release();
    });
  };

  // DESKTOP (or unset) display mode: the qty field takes focus after 300 ms.
  useEffect(() => {
    if (!p.opened || p.isTablet) return;
    const t = setTimeout(() => {
      // A cashier who already tapped into another field (a worker list, say) keeps it, and a question
      // asked on top (the missing worker, after a quick 'Tambahkan') keeps focus inside it: select()
      // focuses the field behind it (and forces a layout on the tap's path).
      const qty = qtyRef.current;
      const active = document.activeElement;
      if (!qty) return;
      if (active && active !== document.body) {
        if (active.matches('input, textarea, [role="combobox"]')) return;
        const other = active.closest('[role="dialog"]');
        if (other && !other.contains(qty)) return;
      }
      qty.select();
    }, 300);
    return () => clearTimeout(t);
  }, [p.opened, p.isTablet]);

  const qty = Number(form.qtyText);
  const setQty = (n: number) => setForm({ ...form, qtyText: String(n) });
  const applyPrice = () => {
    if (!variant) return p.onError('Silakan pilih varian produk terlebih dahulu.');
    const original = variant.custom_price
      ? Number(variant.original_price ?? variant.variant_price)
      : variant.variant_price;
    const message = validateCustomPrice({
      price: priceText,
      originalPrice: original,
      allowLessThanOriginal: config.auth_role_accesses.CUSTOM_PRICE_LESS_THAN_ORIGINAL === 1,
      currency,
      separators: p.separators,
    });
    if (message) return p.onError(message);
    setForm(withCustomPrice(form, Number(priceText)));
    setPriceEditing(false);
  };
  const changedVariant = form.variants.find((v) => v.custom_price);

  return (
    <LightDialog title={p.item.item_name} onClose={p.onClose} size="lg" testId="item-modal-dialog">
      <div className="ld-stack" data-testid="item-modal">
        {p.workersOnly ? null : (
          <>
            <div className="ld-row ld-nowrap" style={{ alignItems: 'flex-end' }}>
              <button
                type="button"
                className="ld-btn ld-light"
                aria-label="minus"
                onClick={() => setQty(decrementQty(Number.isFinite(qty) ? qty : 1))}
              >
                −
              </button>
              <div>
                <label className="ld-label" htmlFor={qtyId}>
                  Qty
                </label>
                <input
                  id={qtyId}
                  ref={qtyRef}
                  className="ld-input ld-qty"
                  inputMode="decimal"
                  maxLength={INPUT_LIMITS.maxTextLength}
                  value={form.qtyText}
                  onChange={(e) => setForm({ ...form, qtyText: e.currentTarget.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') submit();
                  }}
                />
              </div>
              <button
                type="button"
                className="ld-btn ld-light"
                aria-label="plus"
                onClick={() => {
                  const current = Number.isFinite(qty) ? qty : 0;
                  if (!canIncrementQty(current, p.itemMaxQty))
                    return p.onError(SALE_MESSAGES.qtyAboveMax(p.itemMaxQty ?? 0));
                  setQty(current + 1);
                }}
              >
                +
              </button>
            </div>

            {sections.variantChoice ? (
              <fieldset className="ld-section">
                <legend>Pilih Varian Produk</legend>
                <div className="ld-row">
                  {form.variants.map((v) => (
                    <label key={v.pos_item_variant_id} className="ld-chip">
                      <input
                        type="radio"
                        name={`${qtyId}-variant`}
                        value={String(v.pos_item_variant_id)}
                        checked={form.variantId === v.pos_item_variant_id}
                        onChange={() => setForm({ ...form, variantId: v.pos_item_variant_id })}
                      />
                      <span>
                        {v.variant_name ?? '-'} ({money(v.variant_price)})
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}

            {variant ? (
              <div className="ld-stack" style={{ gap: 4 }}>
                <div className="ld-row">
                  <span className="ld-text ld-strong">Harga</span>
                  <span className="ld-text">
                    {currency} {money(variant.variant_price)}
                  </span>
                  {sections.customPrice && !priceEditing ? (
                    <button
                      type="button"
                      className="ld-btn ld-subtle ld-icon"
                      aria-label="Ubah Harga"
                      onClick={() => {
                        setPriceText(String(variant.variant_price));
                        setPriceEditing(true);
                      }}
                    >
                      ✎
                    </button>
                  ) : null}
                </div>
                {priceEditing ? (
                  <div className="ld-row ld-nowrap">
                    <input
                      className="ld-input"
                      aria-label="Harga"
                      inputMode="decimal"
                      maxLength={INPUT_LIMITS.maxTextLength}
                      value={priceText}
                      onChange={(e) => setPriceText(e.currentTarget.value)}
                    />
                    <button type="button" className="ld-btn" onClick={applyPrice}>
                      Ubah Harga
                    </button>
                  </div>
                ) : null}
                {changedVariant ? (
                  <div className="ld-row">
                    <span className="ld-warn">
                      Harga telah diubah dari harga asli - {currency}{' '}
                      {money(Number(changedVariant.original_price ?? 0))}
                    </span>
                    <button
                      type="button"
                      className="ld-btn ld-subtle"
                      onClick={() => setForm(withOriginalPrices(form))}
                    >
                      Kembalikan ke Harga Asli
                    </button>
                  </div>
                ) : null}
              </div>
            ) : null}

            {(p.item.pos_item_pos_item_modifiers ?? []).map((m, mi) => (
              <fieldset key={`${m.pos_item_modifier_id ?? mi}`} className="ld-section">
                <legend>{m.modifier_name}</legend>
                <div className="ld-row">
                  {m.pos_item_modifier_options.map((o, oi) => (
                    <label key={`${o.posItemModifier_option_id ?? ''}:${o.option_name}`} className="ld-chip">
                      <input
                        type="checkbox"
                        checked={(form.modifiers[mi] ?? []).includes(oi)}
                        onChange={() => setForm(toggleOption(form, m, mi, oi))}
                      />
                      <span>
                        {o.option_name}
                        {Number(o.option_price) ? ` (+${money(o.option_price)})` : ''}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </>
        )}

        {full && !holdRef.current ? <MoreFields {...p} /> : null}

        <div
          className="ld-row ld-end"
          style={{ paddingTop: 'var(--mantine-spacing-xs)', gap: 'var(--mantine-spacing-sm)' }}
        >
          <button type="button" className="ld-btn ld-default" onClick={p.onClose}>
            Batal
          </button>
          <SubmitButton
            busy={p.busy}
            busySignal={p.busySignal}
            onClick={submit}
            label={p.isEditing ? 'Simpan' : 'Tambahkan'}
          />
        </div>
      </div>
    </LightDialog>
  );
}

export function InlineError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  ) : null;
}
