// /report/worker-commission 'Aktivitas Pekerja' (002 §2.15, §5, §6): the report types the role allows, the
// product type for by-product, the dates (today–today), the outlet's workers as checkboxes with 'Semua Pekerja'
// (all selected by default). Submit opens /report/worker-commission/print with the query parameters.
import { Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { REPORT_OWN, REPORT_TEXTS } from '../../../domain/texts/reports';
import {
  allowedWorkerTypes,
  type WorkerReportType,
  workerCheckboxLabel,
} from '../../../domain/worker-report';
import { useSessionConfig } from '../../app/use-session-config';
import { ReportFormShell } from './ReportFormShell';

const LABELS: Record<WorkerReportType, string> = {
  summary: REPORT_TEXTS.summary,
  'by-product': REPORT_TEXTS.byProduct,
  'by-transaction': REPORT_TEXTS.byTrx,
  'by-simple': REPORT_TEXTS.simple,
};

/** The print page's address (002 §2.15). */
export const workerPrintUrl = (q: {
  start_date: string;
  end_date: string;
  report_type: WorkerReportType;
  item_nature?: string;
  commission_workers: readonly number[];
}) => {
  const p = new URLSearchParams({
    start_date: q.start_date,
    end_date: q.end_date,
    report_type: q.report_type,
  });
  if (q.report_type === 'by-product' && q.item_nature) p.set('item_nature', q.item_nature);
  p.set('commission_workers', q.commission_workers.join(','));
  return `/report/worker-commission/print?${p.toString()}`;
};

export function WorkerReportForm({ open }: { open?: (url: string) => void }) {
  const { config } = useSessionConfig();
  const types = allowedWorkerTypes(config?.auth_role_accesses ?? {});
  const workers = useMemo(() => config?.commission_worker ?? [], [config]);
  const [type, setType] = useState<WorkerReportType | null>(null);
  const [nature, setNature] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const selected = chosen ?? workers.map((w) => Number(w.business_commission_worker_id));
  const all = workers.length > 0 && selected.length === workers.length;

  return (
    <ReportFormShell
      title={REPORT_TEXTS.worker}
      testId="worker-report-form"
      open={open}
      validate={(d) =>
        !d.start || !d.end
          ? REPORT_TEXTS.dateRequired
          : !type
            ? REPORT_TEXTS.typeRequired
            : type === 'by-product' && !nature
              ? REPORT_TEXTS.productTypeRequired
              : selected.length === 0
                ? REPORT_TEXTS.workersRequired
                : null
      }
      url={(d) =>
        workerPrintUrl({
          ...d,
          report_type: type ?? 'summary',
          item_nature: nature ?? undefined,
          commission_workers: selected,
        })
      }
    >
      <Select
        label={REPORT_OWN.reportType}
        data={types.map((t) => ({ value: t, label: LABELS[t] }))}
        value={type}
        onChange={(v) => setType(v as WorkerReportType | null)}
        data-testid="report-type"
      />
      {type === 'by-product' && (
        <Select
          label={REPORT_TEXTS.productType}
          data={['SERVICE', 'RETAIL']}
          value={nature}
          onChange={setNature}
          data-testid="report-nature"
        />
      )}
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={500} id="report-workers-label">
            {REPORT_OWN.workers}
          </Text>
          <Checkbox
            label={REPORT_TEXTS.allWorkers}
            checked={all}
            indeterminate={!all && selected.length > 0}
            onChange={(e) =>
              setChosen(
                e.currentTarget.checked ? workers.map((w) => Number(w.business_commission_worker_id)) : [],
              )
            }
            data-testid="report-all-workers"
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} role="group" aria-labelledby="report-workers-label">
          {workers.map((w) => {
            const id = Number(w.business_commission_worker_id);
            return (
              <Checkbox
                key={id}
                label={workerCheckboxLabel(w)}
                checked={selected.includes(id)}
                onChange={(e) =>
                  setChosen(e.currentTarget.checked ? [...selected, id] : selected.filter((x) => x !== id))
                }
                data-testid={`report-worker-${id}`}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </ReportFormShell>
  );
}
