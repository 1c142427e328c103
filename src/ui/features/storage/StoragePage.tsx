// /storage (issue 15, ours): the device's storage state (persistence, the quota, the unsynced sales), the
// export of the unsynced sales to a file and the import of such a file from another device of the outlet.
// The warnings and the recovery notice are the banner's (StorageBanner, above every signed-in page).
import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { createPosApi } from '../../../api/pos';
import { exportFileName, quotaShare } from '../../../domain/storage-safety';
import { BRAND_EXPORT_TEXTS as B, STORAGE_TEXTS as T } from '../../../domain/texts/storage';
import { SYNC_MESSAGES } from '../../../domain/texts/sync';
import { readGuard } from '../../../projections/storage-guard';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { notify } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { saveBlob } from '../../components/save-file';
import {
  authOf,
  type BrandExportFormat,
  brandExportName,
  downloadBrandExport,
} from './brand-export-download';
import { exportUnsynced, type ImportOutcome, importUnsynced, markExported } from './storage-file';
import { type PersistState, useStorageStatus } from './use-storage-status';

const MB = 1024 * 1024;
const size = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;

function persistText(state: PersistState | undefined): string {
  if (state === null) return T.persistUnsupported;
  return state ? T.persisted : T.notPersisted;
}

const PROBLEM_TEXT = {
  notExport: T.importNotExport,
  version: T.importVersion,
  altered: T.importAltered,
  otherOutlet: T.importOtherOutlet,
  empty: T.importEmpty,
  offline: SYNC_MESSAGES.offline,
} as const;

function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  if (!outcome.ok) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="storage-import-result">
        {PROBLEM_TEXT[outcome.problem]}
      </Alert>
    );
  }
  return (
    <Alert
      color={outcome.failed.length > 0 ? 'orange' : 'green'}
      variant="light"
      role="status"
      data-testid="storage-import-result"
    >
      {T.importResult(outcome.sent.length, outcome.already.length, outcome.failed.length)}
    </Alert>
  );
}

function download(name: string, text: string): void {
  saveBlob(new Blob([text], { type: 'application/json' }), name);
}

/** Issue 27: the brand owner's full data export (only the owner sees it; the server refuses anyone else). */
function BrandExportCard({ businessId }: { businessId: number | string }) {
  const { store } = useServices();
  const [busy, setBusy] = useState<BrandExportFormat | null>(null);
  const onDownload = async (format: BrandExportFormat) => {
    setBusy(format);
    try {
      const auth = authOf((await store.db.session.get('current'))?.user);
      if (!auth) throw new Error('no session');
      const outcome = await downloadBrandExport(
        auth,
        format,
        brandExportName(businessId, format, new Date()),
      );
      if (outcome === 'saved') notify('success', B.done);
    } catch {
      notify('error', B.failed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder data-testid="brand-export">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {B.title}
        </Title>
        <Text size="sm">{B.help}</Text>
        <Group>
          <Button
            onClick={() => void onDownload('zip')}
            loading={busy === 'zip'}
            disabled={busy !== null}
            data-testid="brand-export-zip"
          >
            {B.zip}
          </Button>
          <Button
            variant="default"
            onClick={() => void onDownload('json')}
            loading={busy === 'json'}
            disabled={busy !== null}
            data-testid="brand-export-json"
          >
            {B.json}
          </Button>
          <Button
            variant="default"
            onClick={() => void onDownload('json-docs')}
            loading={busy === 'json-docs'}
            disabled={busy !== null}
            data-testid="brand-export-json-docs"
          >
            {B.jsonDocs}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function StoragePage() {
  const { store, client } = useServices();
  const { view } = useSession();
  const status = useStorageStatus(store);
  const [lastExport, setLastExport] = useState(
    () => readGuard(localStorage, store.db.name)?.last_export ?? null,
  );
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const share = quotaShare(status.quota);

  const onExport = async () => {
    setBusy(true);
    try {
      const file = await exportUnsynced(store, new Date());
      if (!file) {
        notify('info', T.exportNone);
        return;
      }
      download(exportFileName(file), JSON.stringify(file, null, 1));
      markExported(localStorage, store.db.name, file);
      setLastExport({ at: file.exported_at, ids: file.sales.map((s) => s.local_trx_id) });
      notify('success', T.exportDone(file.sales.length));
    } finally {
      setBusy(false);
    }
  };

  const onImport = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const text = await file.text();
      const outlet_id = typeof view.userData?.outlet_id === 'number' ? view.userData.outlet_id : null;
      setOutcome(await importUnsynced(text, outlet_id, createPosApi(client), () => new Date()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{T.title}</Title>
      <Card withBorder>
        <Stack gap={6}>
          <Text data-testid="storage-persist">{persistText(status.persisted)}</Text>
          <Text data-testid="storage-usage">
            {share === null || !status.quota?.quota
              ? T.usageUnknown
              : T.usage(size(status.quota.usage ?? 0), size(status.quota.quota), (share * 100).toFixed(0))}
          </Text>
          <Text data-testid="storage-unsynced" fw={600}>
            {T.unsyncedCount(status.unsynced.length)}
          </Text>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {T.exportTitle}
          </Title>
          <Text size="sm">{T.exportHelp}</Text>
          {lastExport && (
            <Text size="sm" c="dimmed" data-testid="storage-last-export">
              {T.lastExport(formatDateTime(lastExport.at))}
            </Text>
          )}
          <Group>
            <Button
              onClick={() => void onExport()}
              loading={busy}
              disabled={status.unsynced.length === 0}
              data-testid="storage-export"
            >
              {T.exportButton}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {T.importTitle}
          </Title>
          <Group>
            <FileButton onChange={(f) => void onImport(f)} accept="application/json,.json">
              {(props) => (
                <Button {...props} variant="default" loading={busy} data-testid="storage-import">
                  {T.importButton}
                </Button>
              )}
            </FileButton>
          </Group>
          {outcome && <ImportResult outcome={outcome} />}
        </Stack>
      </Card>
      {view.userData?.is_brand_owner === 1 && (
        <BrandExportCard
          businessId={String((view.userData as { business_id?: unknown }).business_id ?? '')}
        />
      )}
    </Stack>
  );
}
