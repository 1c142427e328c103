// The item modal's fields below qty, variant, price and modifiers (000 §2 "Item modal"): item and
// custom discounts, coupon fields, notes, tags, workers, sellers, service area, package items.
// ItemModalView renders them one low-priority render after the rest (see `full` there).
import { Group, MultiSelect, Radio, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { itemPromoLabel } from '../../../../domain';
import { DayInput } from '../../../components/DayInput';
import { multiAutoSplit } from './form';
import type { ItemModalViewProps } from './view-props';
import {
  LAZY_DROPDOWN,
  MultiWorkerField,
  PackageItemsField,
  SellerField,
  SingleWorkerField,
} from './WorkerFields';

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={6}>
    <Text fw={600} size="sm">
      {title}
    </Text>
    {children}
  </Stack>
);

export function MoreFields(p: ItemModalViewProps) {
  const { form, setForm, sections, config } = p;
  const currency = config.currency_code;
  return (
    <>
      {sections.itemDiscounts ? (
        <Radio.Group
          label="Item Discounts"
          value={form.promoId === null ? 'none' : String(form.promoId)}
          onChange={(v) => setForm({ ...form, promoId: v === 'none' ? null : Number(v) })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="none" label="None" size="md" />
            {p.promos.map((d) => (
              <Radio
                key={d.pos_item_discount_id}
                value={String(d.pos_item_discount_id)}
                label={itemPromoLabel(d, currency, p.separators)}
                description={d.discount_name ?? undefined}
                size="md"
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {sections.customDiscount ? (
        <Section title="Custom Discount">
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              value={form.customType ?? 'percentage'}
              onChange={(v) => setForm({ ...form, customType: v === 'nominal' ? 'nominal' : 'percentage' })}
              data={[
                { value: 'percentage', label: '%' },
                { value: 'nominal', label: currency },
              ]}
            />
            <TextInput
              aria-label="Custom Discount"
              inputMode="decimal"
              size="md"
              style={{ flex: 1 }}
              value={form.customValueText}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setForm({ ...form, customValueText: text, customType: form.customType ?? 'percentage' });
              }}
            />
          </Group>
        </Section>
      ) : null}
      {sections.couponFields ? (
        <>
          <Textarea
            label="Coupon Notes"
            value={form.couponNotes}
            onChange={(e) => setForm({ ...form, couponNotes: e.currentTarget.value })}
          />
          {p.couponStartDate?.show ? (
            <DayInput
              label="Coupon Start Date"
              description={
                p.couponStartDate.appliesTo
                  ? `This date is applied for ${p.couponStartDate.appliesTo}`
                  : undefined
              }
              value={form.couponStartDate}
              onChange={(day) => setForm({ ...form, couponStartDate: day })}
              size="md"
              data-testid="coupon-start-date"
            />
          ) : null}
        </>
      ) : null}
      {p.workersOnly ? null : (
        <Textarea
          label="Catatan"
          value={form.notes}
          onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
        />
      )}
      {sections.secretNotes ? (
        <Textarea
          label="Catatan Tersembunyi"
          value={form.secretNotes}
          onChange={(e) => setForm({ ...form, secretNotes: e.currentTarget.value })}
        />
      ) : null}
      {sections.tags ? (
        <MultiSelect
          label="Tags"
          data={p.tagOptions}
          value={form.tags.map(String)}
          onChange={(v) => setForm({ ...form, tags: v.map(Number) })}
          size="md"
          comboboxProps={LAZY_DROPDOWN}
        />
      ) : null}
      {sections.workers === 'single' ? (
        <SingleWorkerField
          label="Worker"
          workers={p.workers}
          status={p.workerStatus}
          value={form.workerId}
          onChange={(workerId) => setForm({ ...form, workerId })}
        />
      ) : null}
      {sections.workers === 'multi' ? (
        <MultiWorkerField
          workers={p.workers}
          status={p.workerStatus}
          rows={form}
          onRowsChange={(rows) => setForm({ ...form, ...rows })}
          requiringWorker={config.pos_item_requiring_worker === 1}
          autoSplit={multiAutoSplit(config, p.item)}
          onError={p.onError}
        />
      ) : null}
      {sections.sellers !== 'none' ? (
        <SellerField
          mode={sections.sellers}
          workers={config.commission_worker}
          value={form.sellerIds}
          onChange={(sellerIds) => setForm({ ...form, sellerIds })}
        />
      ) : null}
      {sections.serviceArea && p.serviceArea
        ? p.serviceArea(form.serviceArea, (serviceArea) => setForm({ ...form, serviceArea }))
        : null}
      {sections.packageItems ? (
        <PackageItemsField
          details={form.packageDetails}
          onChange={(packageDetails) => setForm({ ...form, packageDetails })}
          config={config}
          workerMode={sections.packageWorkers}
          workers={config.commission_worker}
          status={p.workerStatus}
          serviceArea={sections.serviceArea ? p.serviceArea : undefined}
        />
      ) : null}{' '}
    </>
  );
}
