// Worker, seller and package-item fields of the item modal (000 §2; §4 "Worker display status";
// §5 multi-commission messages from src/domain).
import { ActionIcon, Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CommissionWorker, PackageDetail, PosConfig, ServiceArea } from '../../../../domain';
import {
  addPendingShare,
  choosePackageVariant,
  chosenPackageVariantId,
  packageVariantOptions,
  packageWorkerIds,
  removeShare,
  setPackageWorkers,
  type WorkerRows,
} from './form';

export type WorkerLabel = (workerId: number) => string;

/**
 * The option lists render when a dropdown opens: Mantine keeps a closed dropdown mounted (hidden)
 * by default, which renders every option and positions it each time the item modal opens.
 */
export const LAZY_DROPDOWN = { withinPortal: true, keepMounted: false } as const;

const fullName = (w: CommissionWorker) => [w.firstname, w.lastname].filter(Boolean).join(' ');

export const workerOptions = (workers: readonly CommissionWorker[], status?: WorkerLabel) =>
  workers.map((w) => ({
    value: String(w.business_commission_worker_id),
    label: status ? `${fullName(w)} (${status(w.business_commission_worker_id)})` : fullName(w),
  }));

export function SingleWorkerField(props: {
  label: string;
  workers: readonly CommissionWorker[];
  status?: WorkerLabel;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <Select
      label={props.label}
      placeholder="-"
      data={workerOptions(props.workers, props.status)}
      value={props.value === null ? null : String(props.value)}
      onChange={(v) => props.onChange(v ? Number(v) : null)}
      clearable
      searchable
      size="md"
      comboboxProps={LAZY_DROPDOWN}
    />
  );
}

/**
 * The multi-commission list: add a worker with a percentage (checked by src/domain), remove one. The
 * row being filled lives in the form (a chosen worker counts on 'Tambahkan' without '+'); its '%'
 * holds a real value, the share the worker would get (100 for the first).
 */
export function MultiWorkerField(props: {
  workers: readonly CommissionWorker[];
  status?: WorkerLabel;
  rows: WorkerRows;
  onRowsChange: (rows: WorkerRows) => void;
  requiringWorker: boolean;
  autoSplit: boolean;
  onError: (message: string) => void;
}) {
  const { rows: form, onRowsChange: setForm } = props;
  const byId = new Map(props.workers.map((w) => [w.business_commission_worker_id, w]));
  const add = () => {
    const r = addPendingShare(form, { requiringWorker: props.requiringWorker, autoSplit: props.autoSplit });
    if (!r.ok) return props.onError(r.message);
    setForm(r.form);
  };
  return (
    <Stack gap={6}>
      <Text fw={500} size="md">
        Worker
      </Text>
      {form.shares.map((s) => {
        const w = byId.get(s.workerId);
        return (
          <Group key={s.workerId} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {w ? fullName(w) : s.workerId} - {s.percentage}%{' '}
              {props.status ? <Text span c="dimmed" size="xs">{`(${props.status(s.workerId)})`}</Text> : null}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label="hapus"
              onClick={() => setForm(removeShare(form, s.workerId, props.autoSplit))}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          style={{ flex: 1 }}
          aria-label="Worker"
          placeholder="Worker"
          data={workerOptions(props.workers, props.status)}
          value={form.pendingWorkerId === null ? null : String(form.pendingWorkerId)}
          onChange={(v) => setForm({ ...form, pendingWorkerId: v ? Number(v) : null })}
          searchable
          size="md"
          comboboxProps={LAZY_DROPDOWN}
        />
        <TextInput
          w={90}
          aria-label="Persentase"
          rightSection="%"
          inputMode="decimal"
          value={form.pendingPercentText}
          onChange={(e) => setForm({ ...form, pendingPercentText: e.currentTarget.value })}
          size="md"
        />
        <Button variant="light" size="md" onClick={add}>
          +
        </Button>
      </Group>
    </Stack>
  );
}

export function SellerField(props: {
  mode: 'single' | 'multi';
  workers: readonly CommissionWorker[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const data = workerOptions(props.workers);
  return props.mode === 'single' ? (
    <Select
      label="Seller"
      placeholder="-"
      data={data}
      value={props.value[0] === undefined ? null : String(props.value[0])}
      onChange={(v) => props.onChange(v ? [Number(v)] : [])}
      clearable
      searchable
      size="md"
      comboboxProps={LAZY_DROPDOWN}
    />
  ) : (
    <MultiSelect
      label="Seller"
      data={data}
      value={props.value.map(String)}
      onChange={(v) => props.onChange(v.map(Number))}
      searchable
      size="md"
      comboboxProps={LAZY_DROPDOWN}
    />
  );
}

/** 'Package Items': each detail with its variant, worker(s) and service area. */
export function PackageItemsField(props: {
  details: readonly PackageDetail[];
  onChange: (details: PackageDetail[]) => void;
  config: PosConfig;
  workerMode: 'none' | 'single' | 'multi';
  workers: readonly CommissionWorker[];
  status?: WorkerLabel;
  serviceArea?: (value: ServiceArea | null, onChange: (area: ServiceArea | null) => void) => ReactNode;
}) {
  const set = (i: number, d: PackageDetail) => props.onChange(props.details.map((x, j) => (j === i ? d : x)));
  return (
    <Stack gap="xs">
      <Text fw={600}>Package Items</Text>
      {props.details.map((d, i) => {
        const variants = packageVariantOptions(d);
        const needsWorker = props.workerMode !== 'none' && Number(d.no_commission ?? 0) !== 1;
        return (
          <Paper key={`${d.pos_item_id ?? ''}:${d.item_name}`} withBorder p="xs" radius="md">
            <Text size="sm" fw={500}>
              x{d.qty} {d.item_name}
            </Text>
            <Stack gap={6} mt={6}>
              {variants.length > 1 ? (
                <Select
                  aria-label="Varian"
                  data={variants.map((v) => ({
                    value: String(v.pos_item_variant_id ?? ''),
                    label: v.variant_name ?? '-',
                  }))}
                  value={chosenPackageVariantId(d) === null ? null : String(chosenPackageVariantId(d))}
                  onChange={(v) => v && set(i, choosePackageVariant(d, Number(v)))}
                  size="md"
                  comboboxProps={LAZY_DROPDOWN}
                />
              ) : null}
              {needsWorker && props.workerMode === 'single' ? (
                <Select
                  aria-label="Worker"
                  placeholder="Worker"
                  data={workerOptions(props.workers, props.status)}
                  value={packageWorkerIds(d)[0] === undefined ? null : String(packageWorkerIds(d)[0])}
                  onChange={(v) => set(i, setPackageWorkers(d, props.config, 'single', v ? [Number(v)] : []))}
                  clearable
                  searchable
                  size="md"
                  comboboxProps={LAZY_DROPDOWN}
                />
              ) : null}
              {needsWorker && props.workerMode === 'multi' ? (
                <MultiSelect
                  aria-label="Worker"
                  placeholder="Worker"
                  data={workerOptions(props.workers, props.status)}
                  value={packageWorkerIds(d).map(String)}
                  onChange={(v) => set(i, setPackageWorkers(d, props.config, 'multi', v.map(Number)))}
                  searchable
                  size="md"
                  comboboxProps={LAZY_DROPDOWN}
                />
              ) : null}
              {props.serviceArea
                ? props.serviceArea((d.service_area as ServiceArea | null | undefined) ?? null, (area) =>
                    set(i, { ...d, service_area: area }),
                  )
                : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
