// /trx-edit/{local_trx_id} (000 §2 "Transaction edit", §4 post-edit): title 'Edit Transaksi #' + short
// id + ' / ' + trx_local_end_time, the hint, the receipt in post-edit mode with a new edit session
// id; clicking an item name edits its workers; the PUT, 'Item successfully edited!', then reload.
// Only with TRX_WORKER_EDIT (002 §2.9, §6); the server refuses the PUT without it too.
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { type PosTransaction, shortId } from '../../../domain';
import { receiptConfig, receiptMode, trxEditTitle } from '../../../domain/receipt';
import { RECEIPT_TEXTS } from '../../../domain/texts/receipt';
import { API_MESSAGES } from '../../../domain/texts/server';
import type { CashierCommands } from '../../../projections/commands';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { hasAccess } from '../../app/user-data';
import { notify as defaultNotify, type NotifyKind } from '../../components/feedback';
import { applyWorkerEdit, newEditSessionId, postEditBody, type WorkerEdit } from './post-edit';
import { ReceiptScreen } from './ReceiptScreen';
import { createReceiptApi, type ReceiptApi } from './receipt-api';
import { useReceiptCommands } from './use-receipt-commands';
import { type ReceiptEnv, useReceiptEnv } from './use-receipt-env';
import { useStoredTrx } from './use-stored-trx';
import { WorkerEditModal } from './WorkerEditModal';

export interface TrxEditViewProps {
  local_trx_id: string;
  env: Pick<ReceiptEnv, 'config' | 'posConfig' | 'paper' | 'separators'>;
  api: Pick<ReceiptApi, 'transaction' | 'postEdit'>;
  notify: (kind: NotifyKind, message: string) => void;
  reload: () => void;
  editSessionId?: string;
  /** Records the accepted edit in this device's event log (the audit trail). */
  record?: CashierCommands['recordWorkersEdited'];
  /** The TRX_WORKER_EDIT flag: without it the page refuses (nothing is loaded). */
  allowed?: boolean;
}

/** The event log write after an accepted PUT: null when recorded, else what went wrong. */
async function recordEdit(
  record: TrxEditViewProps['record'],
  input: Parameters<CashierCommands['recordWorkersEdited']>[0],
): Promise<string | null> {
  if (!record) return null;
  try {
    const result = await record(input);
    return result.ok ? null : result.message;
  } catch (e) {
    return errorMessage(e);
  }
}

export function TrxEditView({
  local_trx_id,
  env,
  api,
  notify,
  reload,
  editSessionId,
  record,
  allowed = true,
}: TrxEditViewProps) {
  const load = useMemo(() => (allowed ? (id: string) => api.transaction(id) : null), [api, allowed]);
  const trx = useStoredTrx<PosTransaction>(load, local_trx_id, (message) => notify('error', message));
  const [edit_session_id] = useState(() => editSessionId ?? newEditSessionId());
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mode = useMemo(() => receiptMode('post-edit'), []);
  if (!allowed)
    return (
      <Center mih={300}>
        <Text data-testid="trx-edit-forbidden">{API_MESSAGES.forbidden}</Text>
      </Center>
    );
  if (trx === 'loading' || trx === 'failed')
    return (
      <Center mih={300}>{trx === 'loading' ? <Loader /> : <Text>{RECEIPT_TEXTS.loadFailed}</Text>}</Center>
    );
  const line = trx.details.find((l) => l.local_trx_detail_id === editing) ?? null;
  const save = async (edit: WorkerEdit) => {
    if (!line) return;
    setSaving(true);
    const next = applyWorkerEdit(trx, line.local_trx_detail_id, edit, edit_session_id);
    let message: string | undefined;
    try {
      ({ message } = await api.postEdit(postEditBody(next, edit_session_id)));
    } catch (e) {
      notify('error', errorMessage(e));
      setSaving(false);
      return;
    }
    // The server holds the edit from here on: success and reload whatever the local log does.
    notify('success', message ?? RECEIPT_TEXTS.itemEdited);
    const edited = next.details.find((l) => l.local_trx_detail_id === line.local_trx_detail_id);
    const failed = edited
      ? await recordEdit(record, {
          local_trx_id,
          edit_session_id,
          local_trx_detail_id: edited.local_trx_detail_id,
          workers: {
            commission_worker: edited.commission_worker,
            commission_workers: edited.commission_workers,
            business_commission_worker_id: edited.business_commission_worker_id,
            pos_item_package_details: edited.pos_item_package_details,
          },
        })
      : null;
    // Only this device's audit trail missed it: said apart from the edit, which stands.
    if (failed) notify('warning', failed);
    setSaving(false);
    setEditing(null);
    reload();
  };
  return (
    <Stack gap="sm" data-testid="trx-edit" data-edit-session-id={edit_session_id}>
      <Title order={1} size="h3">
        {trxEditTitle(shortId(trx.local_trx_id), trx.trx_local_end_time)}
      </Title>
      <Text c="dimmed">{RECEIPT_TEXTS.editHint}</Text>
      <ReceiptScreen
        trx={trx}
        config={receiptConfig(env.config, trx)}
        mode={mode}
        paper={env.paper}
        isTablet={false}
        separators={env.separators}
        buttons="none"
        onItemClick={env.posConfig ? setEditing : undefined}
      />
      {env.posConfig ? (
        <WorkerEditModal
          line={line}
          config={env.posConfig}
          saving={saving}
          onClose={() => setEditing(null)}
          onSave={(edit) => void save(edit)}
          onError={(m) => notify('error', m)}
        />
      ) : null}
    </Stack>
  );
}

/** The reload follows the toast after a second, so 'Item successfully edited!' can be read. */
const RELOAD_DELAY_MS = 1000;
const reloadPage = () => {
  setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
};
const notifyApp = (kind: NotifyKind, message: string) => defaultNotify(kind, message);

export function TrxEditPage({ local_trx_id }: { local_trx_id: string }) {
  const { client } = useServices();
  const { view } = useSession();
  const env = useReceiptEnv();
  const api = useMemo(() => createReceiptApi(client), [client]);
  const posConfig = env.posConfig;
  const commands = useReceiptCommands(posConfig);
  return (
    <TrxEditView
      local_trx_id={local_trx_id}
      env={env}
      api={api}
      notify={notifyApp}
      reload={reloadPage}
      record={commands?.recordWorkersEdited}
      allowed={hasAccess(view.userData, 'TRX_WORKER_EDIT')}
    />
  );
}
