// The 'Seller' select of the special sales whose one synthetic line has sellers (top-up, membership; 000 §2
// step 2): single or multiple by the configuration's mode, shown once the line exists.
import { MultiSelect, Select } from '@mantine/core';
import type { PosTransaction } from '../../../../domain';
import type { CommandResult } from '../../../../projections/commands';
import { usePos } from '../context';

export function LineSellers({
  trx,
  mode,
  label,
  setSellers,
}: {
  trx: PosTransaction;
  mode: 'none' | 'single' | 'multi';
  label: string;
  setSellers(input: { local_trx_id: string; seller_ids: number[] }): Promise<CommandResult>;
}) {
  const { config, notify } = usePos();
  const line = trx.details[0];
  if (mode === 'none' || !line) return null;
  const data = config.commission_worker.map((w) => ({
    value: String(w.business_commission_worker_id),
    label: [w.firstname, w.lastname].filter(Boolean).join(' '),
  }));
  const value = line.item_sellers.map((s) => String(s.business_commission_worker_id));
  const set = async (ids: string[]) => {
    const r = await setSellers({ local_trx_id: trx.local_trx_id, seller_ids: ids.map(Number) });
    if (!r.ok) notify('error', r.message);
  };
  return mode === 'single' ? (
    <Select
      size="md"
      label={label}
      placeholder="-"
      data={data}
      value={value[0] ?? null}
      onChange={(v) => void set(v ? [v] : [])}
      clearable
      searchable
    />
  ) : (
    <MultiSelect size="md" label={label} data={data} value={value} onChange={(v) => void set(v)} searchable />
  );
}
