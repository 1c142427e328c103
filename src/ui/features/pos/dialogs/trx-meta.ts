// What the right panel's transaction fields show (000 §2 step 2 "Right panel").
import type { PosConfig, Tag } from '../../../../domain';
import { isOn as on } from '../../../../domain';

export const LABEL_FIELD = 'Label Transaksi';
export const TAGS_FIELD = 'Tags';
/** 003 §9: the document date's format. */
export const DOCUMENT_DATE_FORMAT = 'YYYY-MM-DD HH:mm';

/** Tags offered for a transaction: usage_scope TRANSACTION or ALL. */
export const transactionTags = (tags: readonly Tag[]): Tag[] =>
  tags.filter((t) => {
    const scope = (t.usage_scope ?? '').toUpperCase();
    return scope === 'TRANSACTION' || scope === 'ALL';
  });

export interface TrxMetaSections {
  documentDate: boolean;
  serviceArea: boolean;
  tags: Tag[];
}

export const trxMetaSections = (
  config: Partial<Pick<PosConfig, 'is_document_date_editable' | 'is_service_area_scheme' | 'tags'>> & {
    service_area_type?: string | null;
  },
  trx: { trx_type?: string | null } | null,
): TrxMetaSections => ({
  documentDate: on(config.is_document_date_editable),
  serviceArea:
    (trx?.trx_type ?? 'NORMAL') === 'NORMAL' &&
    on(config.is_service_area_scheme) &&
    config.service_area_type === 'transaction',
  tags: transactionTags(config.tags ?? []),
});

/** The picker's value ("YYYY-MM-DD HH:mm:ss") as stored: "YYYY-MM-DD HH:mm"; null when cleared. */
export const toDocumentDate = (value: string | null | undefined): string | null => {
  const m = value ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value.trim()) : null;
  return m ? `${m[1]} ${m[2]}` : null;
};

/** The stored document date as the picker's value. */
export const fromDocumentDate = (value: string | null | undefined): string | null => {
  const d = toDocumentDate(value);
  return d ? `${d}:00` : null;
};
