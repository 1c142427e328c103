// The right panel's transaction fields (000 §2 step 2): 'Label Transaksi'; the document date-time
// (YYYY-MM-DD HH:mm) when is_document_date_editable = 1; the transaction's service area for a sales
// transaction with is_service_area_scheme = 1 and service_area_type 'transaction'; 'Tags' when some
// tag has usage_scope TRANSACTION or ALL. The label saves on blur (or Enter).
import '@mantine/dates/styles.css';
import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { type ReactNode, useEffect, useState } from 'react';
import type { ServiceArea, Tag } from '../../../../domain';
import {
  DOCUMENT_DATE_FORMAT,
  fromDocumentDate,
  LABEL_FIELD,
  TAGS_FIELD,
  type TrxMetaSections,
  toDocumentDate,
} from './trx-meta';

export interface TrxMetaPanelViewProps {
  sections: TrxMetaSections;
  trx: {
    trx_label?: string | null;
    document_date?: string | null;
    service_area?: ServiceArea | null;
    tags?: readonly number[];
  };
  disabled?: boolean;
  onLabel: (label: string | null) => void;
  onDocumentDate: (date: string | null) => void;
  onTags: (tags: number[]) => void;
  /** The <ServiceAreaSelect/> for the transaction (rendered when sections.serviceArea). */
  serviceArea?: ReactNode;
}

export function TrxMetaPanelView({
  sections,
  trx,
  disabled,
  onLabel,
  onDocumentDate,
  onTags,
  serviceArea,
}: TrxMetaPanelViewProps) {
  const [label, setLabel] = useState(trx.trx_label ?? '');
  useEffect(() => setLabel(trx.trx_label ?? ''), [trx.trx_label]);
  const saveLabel = () => {
    const next = label.trim() === '' ? null : label.trim();
    if (next !== (trx.trx_label ?? null)) onLabel(next);
  };
  const tagData = sections.tags.map((t: Tag) => ({ value: String(t.pos_tag_id), label: t.pos_tag_name }));

  // Two columns: the right panel keeps its height for the cart.
  const count =
    1 +
    Number(sections.documentDate) +
    Number(sections.serviceArea && !!serviceArea) +
    Number(sections.tags.length > 0);
  return (
    <SimpleGrid cols={count > 1 ? 2 : 1} spacing="xs" verticalSpacing="xs">
      <TextInput
        label={LABEL_FIELD}
        size="md"
        disabled={disabled}
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        onBlur={saveLabel}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      {sections.documentDate && (
        <DateTimePicker
          label="Doc. Date"
          size="md"
          valueFormat={DOCUMENT_DATE_FORMAT}
          placeholder={DOCUMENT_DATE_FORMAT}
          disabled={disabled}
          clearable
          value={fromDocumentDate(trx.document_date)}
          onChange={(v) => onDocumentDate(toDocumentDate(v))}
          popoverProps={{ withinPortal: true }}
        />
      )}
      {sections.serviceArea && serviceArea}
      {sections.tags.length > 0 && (
        <MultiSelect
          label={TAGS_FIELD}
          size="md"
          disabled={disabled}
          data={tagData}
          value={(trx.tags ?? []).map(String).filter((id) => tagData.some((t) => t.value === id))}
          onChange={(ids) => onTags(ids.map(Number))}
          clearable
          searchable
          comboboxProps={{ withinPortal: true, keepMounted: false }}
        />
      )}
    </SimpleGrid>
  );
}
