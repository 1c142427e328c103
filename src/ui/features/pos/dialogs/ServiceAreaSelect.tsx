// The service-area selector (000 §2): areas grouped by category plus 'Lainnya', '(OCCUPIED)' for
// an area another open transaction uses. Used for the transaction, a line and a package detail.
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import type { Area, AreaCategory, ServiceArea } from '../../../../domain';
import { serviceAreaGroups, toServiceArea } from './service-areas';

export const SERVICE_AREA_LABEL = 'Service Area';

export interface ServiceAreaSelectViewProps {
  value: { pos_area_id?: unknown } | null | undefined;
  onChange: (area: ServiceArea | null) => void;
  areas: readonly Area[];
  categories: readonly AreaCategory[];
  occupied: ReadonlySet<number>;
  label?: string | null;
  disabled?: boolean;
  /** Inside another modal (the item modal): keep the dropdown above it. */
  zIndex?: number;
}

export function ServiceAreaSelectView(props: ServiceAreaSelectViewProps) {
  const { value, onChange, areas, categories, occupied, disabled, zIndex } = props;
  const data = useMemo(() => serviceAreaGroups(areas, categories, occupied), [areas, categories, occupied]);
  const current =
    value?.pos_area_id !== undefined && value?.pos_area_id !== null ? String(value.pos_area_id) : null;
  return (
    <Select
      label={props.label === undefined ? SERVICE_AREA_LABEL : props.label}
      size="md"
      data={data.map((g) => ({
        group: g.group,
        items: g.items.map((i) => ({ value: i.value, label: i.label })),
      }))}
      value={current}
      onChange={(id) => onChange(toServiceArea(id, areas, categories))}
      clearable
      searchable
      disabled={disabled}
      nothingFoundMessage="-"
      // Options rendered only while open: a closed select costs the cart page nothing.
      comboboxProps={{ withinPortal: true, keepMounted: false, zIndex: zIndex ?? 500 }}
    />
  );
}
