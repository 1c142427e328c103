// What the inventory entry screens share (issue 23 item 17): the session's config and inventory client,
// the location select (preselected when the user has exactly one, 002 §2.3), quantity inputs with the
// business's decimals and the device's separators, and the quantities as shown.
import { NumberInput, type NumberInputProps, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { createInventoryApi } from '../../../../api/inventory';
import { formatQty, type PosConfig } from '../../../../domain';
import { useServices } from '../../../app/services';
import { useSession } from '../../../app/session-context';
import { useSessionConfig } from '../../../app/use-session-config';

export function useInventoryScreen() {
  const { client } = useServices();
  const { view } = useSession();
  const api = useMemo(() => createInventoryApi(client), [client]);
  const { config } = useSessionConfig();
  const { decimalSeparator, thousandSeparator } = view.device;
  // the transfer screens' quantities: at least 2 decimals, the device's separators
  const qtyText = useMemo(() => {
    const decimals = Math.max(2, Number(config?.qty_decimal_length ?? 0));
    return (qty: number) => formatQty(qty, decimals, { decimalSeparator, thousandSeparator });
  }, [config?.qty_decimal_length, decimalSeparator, thousandSeparator]);
  return {
    api,
    config,
    decimalSeparator: decimalSeparator || '.',
    thousandSeparator: thousandSeparator || ',',
    qtyText,
  };
}

/** 002 §2.3: the location is preselected when the user has exactly one. */
export const initialLocation = (config: PosConfig): number | null =>
  config.storage_locations.length === 1 ? config.storage_locations[0].inv_sloc_id : null;

export function LocationSelect({
  config,
  label,
  value,
  onChange,
  testId,
}: {
  config: PosConfig;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  testId: string;
}) {
  return (
    <Select
      label={label}
      data={config.storage_locations.map((l) => ({ value: String(l.inv_sloc_id), label: l.location_name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      allowDeselect={false}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A quantity with the business's qty_decimal_length decimals (002 §9), never negative. */
export function QtyInput({
  decimals,
  decimalSeparator,
  ...props
}: NumberInputProps & { decimals: number; decimalSeparator: string }) {
  return (
    <NumberInput
      size="md"
      min={0}
      allowNegative={false}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      decimalSeparator={decimalSeparator}
      thousandSeparator={false}
      hideControls
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
    />
  );
}

/** A figure shown read-only (current stock, the computed adjustment). */
export function ReadOnlyFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return <TextInput label={label} value={value} readOnly variant="filled" data-testid={testId} />;
}

/** A quantity as shown: up to 4 decimals with the device's decimal separator, no float noise. */
export function showQty(n: number, decimalSeparator: string): string {
  const s = String(Math.round(n * 10_000) / 10_000);
  return decimalSeparator === '.' ? s : s.replace('.', decimalSeparator);
}
