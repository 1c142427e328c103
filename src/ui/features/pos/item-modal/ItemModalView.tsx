// The item modal's fields (000 §2 "Item modal"): qty, variant, price, modifiers, item and custom
// discounts, coupon fields, notes, tags, workers, sellers, service area, package items.
import { ActionIcon, Alert, Button, Chip, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useEffect, useReducer, useRef, useState } from 'react';
import { canIncrementQty, decrementQty, formatMoney, validateCustomPrice } from '../../../../domain';
import { SALE_MESSAGES } from '../../../../domain/texts/sale';
import { chosenVariantOf, toggleOption, withCustomPrice, withOriginalPrices } from './form';
import { MoreFields, Section } from './MoreFields';
import type { ItemModalViewProps } from './view-props';

export function ItemModalView(p: ItemModalViewProps) {
  const { form, setForm, sections, config } = p;
  const currency = config.currency_code;
  const money = (v: number) => formatMoney(v, p.separators);
  const qtyRef = useRef<HTMLInputElement>(null);
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
      // A cashier who already tapped into another field (a worker list, say) keeps it.
      const active = document.activeElement;
      if (active && active !== document.body && active.matches('input, textarea, [role="combobox"]')) return;
      qtyRef.current?.select();
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
    <Modal
      opened={p.opened}
      onClose={p.onClose}
      title={
        <Text fw={700} size="lg">
          {p.item.item_name}
        </Text>
      }
      size="lg"
      centered
      scrollAreaComponent={undefined}
      // The cashier page never scrolls (the frame is 100dvh): locking the body's scroll only
      // injects a style sheet on open and close, restyling the whole page each time.
      lockScroll={false}
    >
      <Stack gap="md" data-testid="item-modal">
        {p.workersOnly ? null : (
          <>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <ActionIcon
                size={48}
                variant="light"
                aria-label="minus"
                onClick={() => setQty(decrementQty(Number.isFinite(qty) ? qty : 1))}
              >
                −
              </ActionIcon>
              <TextInput
                ref={qtyRef}
                label="Qty"
                inputMode="decimal"
                size="md"
                w={120}
                value={form.qtyText}
                onChange={(e) => setForm({ ...form, qtyText: e.currentTarget.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') submit();
                }}
                styles={{ input: { textAlign: 'center' } }}
              />
              <ActionIcon
                size={48}
                variant="light"
                aria-label="plus"
                onClick={() => {
                  const current = Number.isFinite(qty) ? qty : 0;
                  if (!canIncrementQty(current, p.itemMaxQty))
                    return p.onError(SALE_MESSAGES.qtyAboveMax(p.itemMaxQty ?? 0));
                  setQty(current + 1);
                }}
              >
                +
              </ActionIcon>
            </Group>

            {sections.variantChoice ? (
              <Section title="Pilih Varian Produk">
                <Chip.Group
                  value={form.variantId === null ? '' : String(form.variantId)}
                  onChange={(v) => setForm({ ...form, variantId: v ? Number(v) : null })}
                >
                  <Group gap="xs">
                    {form.variants.map((v) => (
                      <Chip
                        key={v.pos_item_variant_id}
                        value={String(v.pos_item_variant_id)}
                        size="md"
                        radius="sm"
                      >
                        {v.variant_name ?? '-'} ({money(v.variant_price)})
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Section>
            ) : null}

            {variant ? (
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    Harga
                  </Text>
                  <Text size="sm">
                    {currency} {money(variant.variant_price)}
                  </Text>
                  {sections.customPrice && !priceEditing ? (
                    <ActionIcon
                      variant="subtle"
                      aria-label="Ubah Harga"
                      onClick={() => {
                        setPriceText(String(variant.variant_price));
                        setPriceEditing(true);
                      }}
                    >
                      ✎
                    </ActionIcon>
                  ) : null}
                </Group>
                {priceEditing ? (
                  <Group gap="xs" wrap="nowrap">
                    <TextInput
                      aria-label="Harga"
                      inputMode="decimal"
                      size="md"
                      value={priceText}
                      onChange={(e) => setPriceText(e.currentTarget.value)}
                    />
                    <Button size="md" onClick={applyPrice}>
                      Ubah Harga
                    </Button>
                  </Group>
                ) : null}
                {changedVariant ? (
                  <Group gap="xs">
                    <Text size="xs" c="orange">
                      Harga telah diubah dari harga asli - {currency}{' '}
                      {money(Number(changedVariant.original_price ?? 0))}
                    </Text>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setForm(withOriginalPrices(form))}
                    >
                      Kembalikan ke Harga Asli
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ) : null}

            {(p.item.pos_item_pos_item_modifiers ?? []).map((m, mi) => (
              <Section key={`${m.pos_item_modifier_id ?? mi}`} title={m.modifier_name}>
                <Group gap="xs">
                  {m.pos_item_modifier_options.map((o, oi) => (
                    <Chip
                      key={`${o.posItemModifier_option_id ?? ''}:${o.option_name}`}
                      checked={(form.modifiers[mi] ?? []).includes(oi)}
                      onChange={() => setForm(toggleOption(form, m, mi, oi))}
                      size="md"
                      radius="sm"
                    >
                      {o.option_name}
                      {Number(o.option_price) ? ` (+${money(o.option_price)})` : ''}
                    </Chip>
                  ))}
                </Group>
              </Section>
            ))}
          </>
        )}

        {full && !holdRef.current ? <MoreFields {...p} /> : null}

        <Group justify="flex-end" gap="sm" pt="xs">
          <Button variant="default" size="md" onClick={p.onClose}>
            Batal
          </Button>
          <Button size="md" onClick={submit} loading={p.busy} data-testid="item-modal-submit">
            {p.isEditing ? 'Simpan' : 'Tambahkan'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function InlineError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  ) : null;
}
