// Apply Global Discount (000 §2, §4 "Editing lines", §5 "Global discount", §6): Promo (ALLOW_PROMO),
// 'Persentase (%)' or 'Nominal ({currency})' (DISCOUNT_TRANSACTION); Apply / Cancel.
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import {
  type GlobalDiscountType,
  itemPromoLabel,
  type PosItemDiscount,
  type Separators,
} from '../../../../domain';
import type { GlobalDiscountInput } from '../../../../projections/commands';
import { AmountField } from '../../../components/AmountField';
import {
  DISCOUNT_APPLIED,
  type DiscountTypeOption,
  type GlobalDiscountForm,
  initialForm,
  NO_VALID_PROMO,
  OUTRANKED_TEXTS,
  type Outranking,
  PICK_PROMO_LABEL,
  switchType,
  toCommandInput,
} from './global-discount-form';

export interface GlobalDiscountDialogViewProps {
  opened: boolean;
  onClose: () => void;
  /** The allowed types (discountTypeOptions). */
  types: DiscountTypeOption[];
  /** Valid basic promos (promoOptions). */
  promos: PosItemDiscount[];
  states: Parameters<typeof initialForm>[0];
  currency: string;
  separators: Separators;
  /** Resolves with the command's refusal message, or null when applied. */
  onApply: (input: GlobalDiscountInput) => Promise<string | null>;
  notify: (kind: 'success' | 'error' | 'warning', message: string) => void;
  /** A coupon, redeem or member discount that takes precedence over what is chosen here. */
  outranked?: Outranking | null;
}

export function GlobalDiscountDialogView(props: GlobalDiscountDialogViewProps) {
  const { opened, onClose, types, promos, states, currency, separators, notify, outranked } = props;
  const [form, setForm] = useState<GlobalDiscountForm>(() => initialForm(states, types));
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset only when the dialog opens
  useEffect(() => {
    if (opened) setForm(initialForm(states, types));
  }, [opened]);

  const promoData = useMemo(
    () =>
      promos.map((p) => ({
        value: String(p.pos_item_discount_id),
        label: p.discount_name ?? 'Discount',
        detail: itemPromoLabel(p, currency, separators),
      })),
    [promos, currency, separators],
  );

  const apply = async () => {
    const out = toCommandInput(form, promos);
    if (!out.ok) {
      notify('error', out.message);
      return;
    }
    setBusy(true);
    const refused = await props.onApply(out.input);
    setBusy(false);
    if (refused) notify('error', refused);
    else {
      if (outranked) notify('warning', OUTRANKED_TEXTS.applied(outranked));
      else notify('success', DISCOUNT_APPLIED);
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Apply Global Discount" centered size="md">
      <Stack gap="sm">
        {outranked && (
          <Alert color="orange" data-testid="discount-outranked">
            {OUTRANKED_TEXTS.notice(outranked)}
          </Alert>
        )}
        <Text size="sm" fw={500}>
          Discount Type
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          data={types.map((t) => ({ value: t.value, label: t.label }))}
          value={form.type ?? ''}
          onChange={(v) => setForm((f) => switchType(f, v as GlobalDiscountType))}
        />
        {form.type === 'promo' && (
          <Radio.Group
            label={PICK_PROMO_LABEL}
            value={form.promoId === null ? null : String(form.promoId)}
            onChange={(v) => setForm((f) => ({ ...f, promoId: Number(v) }))}
          >
            {promoData.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                {NO_VALID_PROMO}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={260} type="auto">
                <Stack gap="xs" mt="xs">
                  {promoData.map((p) => (
                    <Radio.Card key={p.value} value={p.value} p="sm" radius="md">
                      <Group wrap="nowrap" gap="sm">
                        <Radio.Indicator />
                        <div>
                          <Text fw={600}>{p.label}</Text>
                          <Text size="sm" c="dimmed">
                            {p.detail}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Radio.Group>
        )}
        {form.type === 'percentage' && (
          <NumberInput
            label="Persentase (%)"
            size="md"
            min={0}
            max={100}
            step={0.1}
            decimalScale={2}
            clampBehavior="strict"
            allowNegative={false}
            data-autofocus
            value={form.percent}
            onChange={(v) => setForm((f) => ({ ...f, percent: v === '' ? '' : Number(v) }))}
          />
        )}
        {form.type === 'value' && (
          <AmountField
            label={`Nominal (${currency})`}
            size="md"
            inputMode="decimal"
            data-autofocus
            value={form.nominalText}
            separators={separators}
            onChange={(parsed) => setForm((f) => ({ ...f, nominal: parsed.value, nominalText: parsed.text }))}
          />
        )}
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button size="md" loading={busy} onClick={() => void apply()}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
