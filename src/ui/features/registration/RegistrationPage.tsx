// /customer-registration 'Registrasi dan Proses' (001 §2.11, §4, §6, §7; issue 26). The day's queue from the
// server (GET cashier/customer-flow?filter_date) with what waits on the device's log laid over it (a
// registration or a status change made offline shows at once, marked 'Menunggu dikirim'); the sync sends it
// later, once (src/projections/commands/registration.ts). Conflicts found on sync stay shown until seen.

import {
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { CustomerSession } from '../../../api/contract/registration';
import { errorMessage } from '../../../api/http';
import { createRegistrationApi } from '../../../api/registration';
import {
  ALL_STATUS,
  DEFAULT_FLOW_STATUSES,
  nextQueueNumber,
  nextStatusFilter,
  parseChangeHistory,
  passesStatusFilter,
  RELOAD_LOCK_MS,
} from '../../../domain/registration';
import { REGISTRATION_OWN as OWN, REGISTRATION_TEXTS as T } from '../../../domain/texts/registration';
import { formatLocalTimestamp } from '../../../domain/time-wall';
import { uuid } from '../../../events';
import {
  createRegistrationCommands,
  pendingAsSession,
  readRegistrationLog,
} from '../../../projections/commands/registration';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { WARNING_TEXT } from '../../app/theme';
import { useSessionConfig } from '../../app/use-session-config';
import { DayInput } from '../../components/DayInput';
import { confirm, notify } from '../../components/feedback';
import { RegistrationDialog, type RegistrationDraft } from './RegistrationDialog';

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const today = () => formatLocalTimestamp(new Date()).slice(0, 10);
const phoneLocalOf = (id: string | null | undefined, type: string | null | undefined): string | null => {
  if (type !== 'phone' || !id) return null;
  const digits = id.replace(/\D/g, '');
  return digits.startsWith('62') ? `0${digits.slice(2)}` : digits.startsWith('0') ? digits : `0${digits}`;
};

interface Row extends CustomerSession {
  pending: boolean;
}

export function RegistrationPage() {
  const { client, store } = useServices();
  const { view } = useSession();
  const { config } = useSessionConfig();
  const [, navigate] = useLocation();
  const api = useMemo(() => createRegistrationApi(client), [client]);
  const actor = view.userData?.business_user_id ?? 'device';
  const outletId = (view.userData?.outlet_id as number | null | undefined) ?? null;
  const commands = useMemo(
    () => createRegistrationCommands({ store, api, actor: () => actor }),
    [store, api, actor],
  );
  const access = (config?.auth_role_accesses ?? {}) as Record<string, number>;
  const log = useLiveQuery(() => readRegistrationLog(store), [store]);

  const [date, setDate] = useState<string>(today);
  const [statuses, setStatuses] = useState<string[]>([...DEFAULT_FLOW_STATUSES]);
  const [filter, setFilter] = useState<string[]>([ALL_STATUS]);
  const [serverRows, setServerRows] = useState<CustomerSession[]>([]);
  const [reloadLocked, setReloadLocked] = useState(false);
  const [dialog, setDialog] = useState<{ mode: 'new' | 'edit'; row?: Row; nomor: number } | null>(null);
  const [history, setHistory] = useState<Row | null>(null);

  const load = useCallback(
    async (day: string) => {
      try {
        setServerRows(await api.list(day));
        return true;
      } catch (e) {
        if (online()) notify('error', errorMessage(e));
        return false;
      }
    },
    [api],
  );

  const sync = useCallback(async () => {
    if (!online()) return;
    await commands.sendPending().catch(() => undefined);
    await load(date);
  }, [commands, load, date]);

  useEffect(() => {
    api
      .statuses()
      .then((list) => list.length > 0 && setStatuses(list.map((s) => s.status_name)))
      .catch(() => undefined);
  }, [api]);
  useEffect(() => {
    void sync();
  }, [sync]);
  useEffect(() => {
    const back = () => void sync();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [sync]);

  // the server's rows, each with its waiting status change; then the registrations not sent yet
  const rows: Row[] = useMemo(() => {
    const changes = log?.changes ?? [];
    const known = new Set(serverRows.map((r) => r.local_session_id));
    const out: Row[] = serverRows.map((r) => {
      const mine = changes.filter(
        (c) =>
          c.user_business_session_id === r.user_business_session_id ||
          (c.local_session_id && c.local_session_id === r.local_session_id),
      );
      const last = mine[mine.length - 1];
      return { ...r, status: last ? last.status : r.status, pending: mine.length > 0 };
    });
    for (const s of log?.sessions ?? []) {
      if (known.has(s.local_session_id) || s.pendaftaran_time.slice(0, 10) !== date) continue;
      if (s.business_outlet_id !== null && outletId !== null && s.business_outlet_id !== outletId) continue;
      out.push({ ...pendingAsSession(s, changes), pending: true });
    }
    return out.sort((a, b) => a.nomor_urut - b.nomor_urut);
  }, [serverRows, log, date, outletId]);
  const shown = rows.filter((r) => passesStatusFilter(filter, r.status));
  const waiting = (log?.sessions.length ?? 0) + (log?.changes.length ?? 0);

  const reload = async () => {
    setReloadLocked(true);
    setTimeout(() => setReloadLocked(false), RELOAD_LOCK_MS);
    if (await load(date)) notify('success', T.reloaded);
  };

  const openNew = async () => {
    // 001 §2.11: resets the date to today and computes the next queue number
    const day = today();
    setDate(day);
    if (day !== date) await load(day);
    setDialog({
      mode: 'new',
      nomor: nextQueueNumber(rows.filter((r) => r.pendaftaran_time.startsWith(day))),
    });
  };

  const submit = async (draft: RegistrationDraft) => {
    const stamp = formatLocalTimestamp(new Date());
    if (dialog?.mode === 'edit' && dialog.row) {
      const r = dialog.row;
      await commands.changeStatus({
        local_change_id: uuid(),
        user_business_session_id: r.user_business_session_id || null,
        local_session_id: r.local_session_id,
        status: draft.status,
        status_before: r.status,
        action_date: stamp,
        user_name: r.user_name ?? '',
        nomor_urut: r.nomor_urut,
        business_outlet_id: outletId,
      });
    } else {
      const c = draft.customer as typeof draft.customer & Record<string, unknown>;
      const type = (c.user_identifier_type as string | undefined) ?? 'phone';
      const id = String(c.user_identifier_string ?? c.user_code ?? '');
      await commands.register({
        local_session_id: uuid(),
        business_outlet_id: outletId,
        phone_local: phoneLocalOf(id, type) ?? (c.user_phone as string | null | undefined) ?? null,
        user_code: c.user_code ?? null,
        pendaftaran_time: stamp,
        status: draft.status,
        nomor_urut: draft.nomor_urut,
        user_identifier_type: type as 'phone',
        user_identifier_string: id,
        change_history: JSON.stringify([
          { status_before: '', status_after: draft.status, action_date: stamp },
        ]),
        user_name: c.user_name ?? null,
        user_gender: c.user_gender === 1 || c.user_gender === 2 ? c.user_gender : null,
        user_birth_date: c.user_birth_date ?? null,
        user_notes: c.user_notes ?? null,
      });
    }
    if (online()) {
      await sync();
      notify('success', dialog?.mode === 'edit' ? OWN.statusChanged : OWN.registered);
    } else notify('warning', OWN.savedLocal);
  };

  const remove = async (r: Row) => {
    const ok = await confirm({
      title: T.deleteTitle,
      message: T.deleteText(r.user_name ?? '', r.nomor_urut),
      confirmLabel: T.delete,
      cancelLabel: T.cancelDelete,
      danger: true,
    });
    if (!ok) return;
    if (!online()) return notify('error', T.offline);
    try {
      await api.remove(r.user_business_session_id);
      notify('success', OWN.deleted);
      await load(date);
    } catch (e) {
      notify('error', errorMessage(e));
    }
  };

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {T.title}
        </Title>
        <Button onClick={() => void openNew()}>{T.newRegistration}</Button>
      </Group>
      {(log?.conflicts ?? []).length > 0 && (
        <Alert color="orange" title={OWN.conflictTitle} data-testid="registration-conflicts">
          <Stack gap="xs">
            {log?.conflicts.map((c) => (
              <Group key={c.local_id} justify="space-between" wrap="nowrap">
                <Text size="sm">{c.message}</Text>
                <Button size="xs" variant="outline" onClick={() => void commands.dismissConflict(c.local_id)}>
                  {OWN.dismiss}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {waiting > 0 && (
        <Text size="sm" c={WARNING_TEXT} data-testid="registration-waiting">
          {OWN.pendingCount(waiting)}
        </Text>
      )}
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <DayInput
            label={OWN.date}
            value={date}
            onChange={(d) => {
              if (!d) return;
              setDate(d);
              void load(d);
            }}
            w={170}
          />
          <MultiSelect
            label={T.colStatus}
            data={[ALL_STATUS, ...statuses]}
            value={filter}
            onChange={(next) => setFilter(nextStatusFilter(filter, next))}
            miw={220}
            style={{ flex: 1 }}
          />
          <Button variant="outline" disabled={reloadLocked} onClick={() => void reload()}>
            {T.reload}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" data-testid="registration-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.colNumber}</Table.Th>
                <Table.Th>{T.colCustomer}</Table.Th>
                <Table.Th>{T.colTime}</Table.Th>
                <Table.Th>{T.colStatus}</Table.Th>
                <Table.Th>{T.colAction}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center">
                      {OWN.empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {shown.map((r) => (
                <Table.Tr
                  key={r.local_session_id ?? r.user_business_session_id}
                  data-testid="registration-row"
                >
                  <Table.Td fw={700}>{r.nomor_urut}</Table.Td>
                  <Table.Td>
                    <Text fw={600}>{r.user_name}</Text>
                    <Text size="sm" c="dimmed">
                      {[r.user_code, r.phone_local].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.pendaftaran_time}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Text>{r.status}</Text>
                      {r.pending && (
                        <Badge color="orange.9" variant="light">
                          {OWN.pending}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => setDialog({ mode: 'edit', row: r, nomor: r.nomor_urut })}
                      >
                        {T.changeStatus}
                      </Button>
                      {r.user_business_session_id > 0 && (
                        <Button size="xs" color="red.9" variant="outline" onClick={() => void remove(r)}>
                          {T.delete}
                        </Button>
                      )}
                      <Button size="xs" variant="subtle" onClick={() => setHistory(r)}>
                        {OWN.history}
                      </Button>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <Button size="xs" variant="default">
                            {T.actions}
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {access.CASHIER_SYSTEM === 1 && (
                            <Menu.Item onClick={() => navigate('/pos')}>{T.pos}</Menu.Item>
                          )}
                          {access.CUSTOMER_JOURNAL === 1 && r.phone_local && (
                            <Menu.Item onClick={() => navigate(`/customer-journal/phone/${r.phone_local}`)}>
                              {T.journal}
                            </Menu.Item>
                          )}
                          {access.INV_STOCK_OUT === 1 && (
                            <Menu.Item onClick={() => navigate('/inventory/stock-out')}>
                              {T.stockOut}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {dialog && (
        <RegistrationDialog
          opened
          mode={dialog.mode}
          edit={
            dialog.row
              ? {
                  user_code: dialog.row.user_code,
                  user_name: dialog.row.user_name,
                  nomor_urut: dialog.row.nomor_urut,
                  status: dialog.row.status,
                }
              : undefined
          }
          nomorUrut={dialog.nomor}
          statuses={statuses}
          canEditDetails={access.CUSTOMER_INFORMATION_EDIT === 1}
          api={api}
          online={online}
          onClose={() => setDialog(null)}
          onSubmit={submit}
        />
      )}
      <Modal opened={!!history} onClose={() => setHistory(null)} title={OWN.history} size="lg">
        {history && <HistoryTable row={history} />}
      </Modal>
    </Stack>
  );
}

function HistoryTable({ row }: { row: Row }) {
  const list = parseChangeHistory(row.change_history);
  if (list.length === 0) return <Text c="dimmed">{OWN.historyEmpty}</Text>;
  return (
    <Table data-testid="registration-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{OWN.historyAction}</Table.Th>
          <Table.Th>{OWN.historyBefore}</Table.Th>
          <Table.Th>{OWN.historyAfter}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((h) => (
          <Table.Tr key={`${h.action_date}-${h.status_before}-${h.status_after}`}>
            <Table.Td>{h.action_date}</Table.Td>
            <Table.Td>{h.status_before || '-'}</Table.Td>
            <Table.Td>{h.status_after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
