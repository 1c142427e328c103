// /backdoor, the maintenance page (002 §2.23): no sign-in, a passphrase the server checks (ruling 10; the
// bundle holds neither the passphrase nor its hash), then read-only dumps, local storage set/remove after
// 'Are you sure?', and the device's transactions as editable JSON whose 'Change Value' appends correction
// events to the log (trx.corrected, issue 27) instead of overwriting it. Unlocked for this page visit only.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { createHelpApi } from '../../../api/help';
import { errorMessage } from '../../../api/http';
import { MAINTENANCE_OWN, MAINTENANCE_TEXTS } from '../../../domain/texts/maintenance';
import { correctTransactions } from '../../../projections/commands';
import { useOptionalServices, useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { confirm, notify } from '../../components/feedback';

const SECRET_KEYS = new Set(['client_key', 'login_token']);
/** Dumps are read on screen: the session's secrets are masked (the page is for looking, not for copying them). */
const dump = (value: unknown) =>
  JSON.stringify(value, (k, v) => (SECRET_KEYS.has(k) && typeof v === 'string' ? '•••' : v), 2) ?? 'null';

function Dump({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {/* focusable, so the scrolled dump can be read with the keyboard */}
      <Box mah={240} style={{ overflow: 'auto' }} tabIndex={0} aria-label={title} role="region">
        {/* wrapped, so the code block itself never scrolls sideways (the box above scrolls, and is focusable) */}
        <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {dump(value)}
        </Code>
      </Box>
    </Paper>
  );
}

function Unlocked() {
  const { store } = useServices();
  const { view } = useSession();
  const [trxs, setTrxs] = useState<Record<string, unknown>[] | null>(null);
  const [text, setText] = useState('');
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const rows = (await store.listTransactions()).map(({ is_synced_key: _k, ...t }) => t);
    setTrxs(rows);
    setText(JSON.stringify(rows, null, 2));
  }, [store]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const actor = view.userData?.business_user_id ?? 'device';

  const setItem = async (remove: boolean) => {
    if (!key.trim()) {
      notify('error', MAINTENANCE_TEXTS.keyRequired);
      return;
    }
    if (!(await confirm({ title: MAINTENANCE_TEXTS.confirm, danger: remove }))) return;
    if (remove) {
      window.localStorage.removeItem(key);
      notify('success', MAINTENANCE_TEXTS.itemRemoved);
    } else {
      window.localStorage.setItem(key, value);
      notify('success', MAINTENANCE_TEXTS.valueSet);
    }
  };

  const change = async () => {
    setError(null);
    if (!(await confirm({ title: MAINTENANCE_TEXTS.confirm }))) return;
    const plan = await correctTransactions(store, text, actor);
    if (!plan.ok) {
      const message =
        plan.reason === 'invalidJson'
          ? MAINTENANCE_OWN.invalidJson
          : MAINTENANCE_OWN.unknownTrx.replace('{id}', plan.local_trx_id || '""');
      setError(message);
      notify('error', message);
      return;
    }
    notify(
      'success',
      plan.corrections.length === 0
        ? MAINTENANCE_OWN.noChange
        : MAINTENANCE_OWN.corrected.replace('{n}', String(plan.corrections.length)),
    );
    await reload();
  };

  return (
    <Stack gap="md" data-testid="backdoor-unlocked">
      <Dump title={MAINTENANCE_OWN.appState} value={view} testId="dump-app-state" />
      <Dump title={MAINTENANCE_OWN.localTransactions} value={trxs ?? []} testId="dump-transactions" />
      <Dump title={MAINTENANCE_OWN.userConfig} value={view.userData} testId="dump-user-config" />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <TextInput
            label={MAINTENANCE_OWN.storageKey}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            data-testid="storage-key"
          />
          <Textarea
            label={MAINTENANCE_OWN.storageValue}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="storage-value"
          />
          <Group>
            <Button onClick={() => void setItem(false)} data-testid="storage-set">
              {MAINTENANCE_OWN.setItem}
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={() => void setItem(true)}
              data-testid="storage-remove"
            >
              {MAINTENANCE_OWN.removeItem}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Textarea
            label={MAINTENANCE_OWN.editTransactions}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={24}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            data-testid="trx-json"
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void change()} data-testid="change-value">
              {MAINTENANCE_TEXTS.changeValue}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

export function BackdoorPage() {
  // outside the app's providers (shell tests rendering routes alone) the prompt shows, nothing is called
  const client = useOptionalServices()?.client ?? null;
  const api = useMemo(() => (client ? createHelpApi(client) : null), [client]);
  const [unlocked, setUnlocked] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!api) return;
    setBusy(true);
    setError(null);
    try {
      await api.unlockMaintenance(passphrase);
      setUnlocked(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      setPassphrase('');
    }
  };

  return (
    <Stack component="main" gap="md" p="md" maw={1100} mx="auto" data-testid="backdoor-page">
      <Title order={1} size="h2">
        {MAINTENANCE_TEXTS.title}
      </Title>
      {unlocked ? (
        <Unlocked />
      ) : (
        <Paper withBorder p="md" radius="md" maw={420}>
          <form onSubmit={(e) => void submit(e)}>
            <Stack gap="sm">
              <PasswordInput
                label={MAINTENANCE_TEXTS.prompt}
                value={passphrase}
                onChange={(e) => setPassphrase(e.currentTarget.value)}
                autoComplete="off"
                data-testid="backdoor-passphrase"
              />
              {error && (
                <Alert color="red" role="alert" data-testid="backdoor-error">
                  {error}
                </Alert>
              )}
              <Group justify="space-between">
                <Anchor href="/">{MAINTENANCE_TEXTS.backToApp}</Anchor>
                <Button type="submit" loading={busy} data-testid="backdoor-unlock">
                  {MAINTENANCE_OWN.unlock}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
