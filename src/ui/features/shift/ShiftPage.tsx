// /shift-management (002 §2.8): 'Shift Berjalan' (start with the starting cash; the active shift's totals
// per method, expenses, expected ending cash, the counted cash and its difference, the end), 'Pengeluaran'
// and 'Riwayat Shift' with 'Print Preview'. Every change is a shift command (src/projections/commands/shift).
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  cashDifference,
  expectedEndingCash,
  expenseAmountDigits,
  formatMoney,
  isOn,
  parseAmountInput,
  type Separators,
  shiftTotals,
  sumMoney,
} from '../../../domain';
import { shiftDoc } from '../../../domain/printing';
import { SESSION_MESSAGES } from '../../../domain/texts/session';
import { SHIFT_MESSAGES, SHIFT_TEXTS } from '../../../domain/texts/shift';
import type { ShiftRecord } from '../../../events';
import { SIGN_OUT_UNBLOCK_LINKS as UNBLOCK } from '../../../machines/session-types';
import { configuredMethods } from '../../../projections/commands/shift';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { AmountField } from '../../components/AmountField';
import { confirm, notify } from '../../components/feedback';
import { directPrinterOf } from '../../printing/direct-print';
import { usePaperPrint } from '../../printing/use-paper-print';
import { printAlone } from '../receipt/print';
import { SHIFT_LABELS } from './labels';
import { SHIFT_PAPER_LABELS, ShiftPaper, shiftPaperData, wib } from './ShiftPaper';
import { useOptionalShiftCommands, useServerShifts, useShiftCommands, useShiftReads } from './shift-live';

/** A cash input: the integer part digits only, capped, formatted with the device's separators (§5). */
function CashInput(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  separators: Separators;
  testId: string;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <AmountField
      label={props.label}
      inputMode="numeric"
      size="md"
      value={props.value}
      error={props.error ?? undefined}
      // Mantine's error red (red[6]) is 3.3:1 on white; red[9] passes AA
      styles={{
        error: { color: 'var(--mantine-color-red-9)' },
        input: props.error ? { color: 'var(--mantine-color-red-9)' } : undefined,
      }}
      disabled={props.disabled}
      data-testid={props.testId}
      separators={props.separators}
      onChange={(input) => props.onChange(input.text)}
    />
  );
}

const wholeRupiah = (text: string, separators: Separators) =>
  Math.floor(parseAmountInput(text, separators).value);

function StartForm({ separators }: { separators: Separators }) {
  const commands = useShiftCommands();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    const r = await commands.startShift(wholeRupiah(text, separators));
    setBusy(false);
    if (!r.ok) return notify('error', r.message);
    setText('');
    notify('success', SHIFT_MESSAGES.started);
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md" maw={420}>
        <Text>{SHIFT_TEXTS.noActiveShift}</Text>
        <CashInput
          label={SHIFT_LABELS.cashStart}
          value={text}
          onChange={setText}
          separators={separators}
          testId="shift-cash-start"
        />
        <Button size="md" onClick={start} loading={busy} data-testid="shift-start">
          {SHIFT_LABELS.startAction}
        </Button>
      </Stack>
    </Paper>
  );
}

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed">{label}</Text>
      <Text fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function ActiveShift({ shift, separators }: { shift: ShiftRecord; separators: Separators }) {
  const { store } = useServices();
  const { view } = useSession();
  const commands = useShiftCommands();
  const completed = useLiveQuery(() => store.listTransactions({ trx_status_id: 3 }), [store]) ?? [];
  const totals = shiftTotals(
    configuredMethods(view.userData as never),
    completed,
    shift.shift_start,
    new Date(),
  );
  const pending = shift.pending_end ?? null;
  const expected = pending
    ? pending.cash_end_expected
    : expectedEndingCash(shift.cash_start, totals, shift.expenses);
  const [counted, setCounted] = useState('');
  const [countError, setCountError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (v: number) => formatMoney(v, separators);
  // an end on its way keeps the count it sent (issue 23 item 8); an empty field is never 0 (item 11)
  const countedValue = pending
    ? pending.cash_end_actual
    : counted === ''
      ? null
      : wholeRupiah(counted, separators);
  const [, navigate] = useLocation();
  // Ruling 25: the required consumption comes before the shift's end (the sign-out's message and link).
  const consumptionFirst = view.consumptionDue === true;
  const toStockOut = () => navigate(UNBLOCK.stockOut.href);
  const end = async () => {
    if (consumptionFirst) {
      notify('error', SESSION_MESSAGES.inventoryRequired, {
        id: 'shift-end-consumption',
        action: { label: UNBLOCK.stockOut.label, onClick: toStockOut },
      });
      return;
    }
    if (!pending && countedValue === null) {
      setCountError(SHIFT_MESSAGES.countedRequired);
      return notify('error', SHIFT_MESSAGES.countedRequired);
    }
    const ok = await confirm({ title: SHIFT_TEXTS.endTitle, message: SHIFT_TEXTS.endMessage, danger: true });
    if (!ok) return;
    setBusy(true);
    const r = await commands.endShift(countedValue);
    setBusy(false);
    if (!r.ok) return notify('error', r.message);
    notify('success', SHIFT_MESSAGES.ended);
  };
  return (
    <Stack gap="md">
      {shift.start_error && (
        <Alert color="red" data-testid="shift-start-refused">
          {SHIFT_MESSAGES.startNotSent.replace('{message}', shift.start_error)}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Row label={SHIFT_LABELS.start} value={wib(shift.shift_start)} testId="shift-start-time" />
          <Row label={SHIFT_LABELS.cashier} value={shift.cashier_name} />
          <Row label={SHIFT_LABELS.outlet} value={shift.outlet_name ?? '-'} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          {SHIFT_LABELS.sales}
        </Title>
        <Table striped data-testid="shift-totals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{SHIFT_LABELS.method}</Table.Th>
              <Table.Th ta="right">{SHIFT_LABELS.count}</Table.Th>
              <Table.Th ta="right">{SHIFT_LABELS.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.drvPaymentMethods.map((m) => (
              <Table.Tr
                key={`${m.table_name}-${m.table_id}`}
                data-testid={`shift-method-${m.payment_method_name}`}
              >
                <Table.Td>{m.payment_method_name}</Table.Td>
                <Table.Td ta="right">{m.trx_count}</Table.Td>
                <Table.Td ta="right">{money(m.trx_amount)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{SHIFT_LABELS.total}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {totals.total_trx_count}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {money(totals.total_amount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs" maw={520}>
          <Row label={SHIFT_LABELS.cashStart} value={money(shift.cash_start)} />
          <Row
            label={SHIFT_LABELS.expensesTotal}
            value={money(sumMoney(shift.expenses.map((e) => e.expenseAmount)).toNumber())}
          />
          <Row label={SHIFT_LABELS.expected} value={money(expected)} testId="shift-expected" strong />
          <CashInput
            label={SHIFT_LABELS.counted}
            value={pending ? (countedValue === null ? '' : money(countedValue)) : counted}
            onChange={(text) => {
              setCounted(text);
              setCountError(null);
            }}
            separators={separators}
            testId="shift-counted"
            error={countError}
            disabled={pending !== null}
          />
          {pending && (
            <Alert color="yellow" data-testid="shift-end-pending">
              {SHIFT_MESSAGES.endPending}
            </Alert>
          )}
          {countedValue !== null && (
            <Row
              label={SHIFT_LABELS.difference}
              value={money(cashDifference(countedValue, expected))}
              testId="shift-difference"
              strong
            />
          )}
          {consumptionFirst && (
            <Alert color="orange" data-testid="shift-consumption-first" mt="sm">
              <Stack gap={4} align="flex-start">
                <Text size="sm">{SESSION_MESSAGES.inventoryRequired}</Text>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={700}
                  c="inherit"
                  underline="always"
                  onClick={toStockOut}
                >
                  {UNBLOCK.stockOut.label}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <Button color="red" size="md" onClick={end} loading={busy} data-testid="shift-end" mt="sm">
            {SHIFT_LABELS.endAction}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Expenses({ shift, separators }: { shift: ShiftRecord | null; separators: Separators }) {
  const commands = useShiftCommands();
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const add = async () => {
    const r = await commands.addExpense(title, Number(amount));
    if (!r.ok) return notify('error', r.message);
    setTitle('');
    setAmount('');
    notify('success', SHIFT_MESSAGES.expenseAdded);
  };
  const remove = async (key: string) => {
    if (!(await confirm({ title: SHIFT_TEXTS.deleteExpenseConfirm, danger: true }))) return;
    const r = await commands.deleteExpense(key);
    notify(r.ok ? 'success' : 'error', r.ok ? SHIFT_MESSAGES.expenseDeleted : r.message);
  };
  if (!shift) return <Text c="dimmed">{SHIFT_TEXTS.noActiveShift}</Text>;
  return (
    <Stack gap="md">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          {SHIFT_TEXTS.newExpense}
        </Title>
        <Group align="flex-end" gap="md">
          <TextInput
            label={SHIFT_LABELS.expenseName}
            size="md"
            value={title}
            maxLength={100}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-testid="expense-title"
          />
          <TextInput
            label={SHIFT_LABELS.expenseAmount}
            size="md"
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(expenseAmountDigits(e.currentTarget.value))}
            data-testid="expense-amount"
          />
          <Button
            size="md"
            onClick={add}
            disabled={title.trim() === '' || amount === ''}
            data-testid="expense-add"
          >
            {SHIFT_LABELS.add}
          </Button>
        </Group>
      </Paper>
      {shift.expenses.length === 0 ? (
        <Text c="dimmed">{SHIFT_TEXTS.noExpenses}</Text>
      ) : (
        <Table striped data-testid="expense-list">
          <Table.Tbody>
            {shift.expenses.map((e) => (
              <Table.Tr key={e.key}>
                <Table.Td>{e.expenseTitle}</Table.Td>
                <Table.Td ta="right">{formatMoney(e.expenseAmount, separators)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => remove(e.key)}
                    aria-label={`${SHIFT_LABELS.delete} ${e.expenseTitle}`}
                  >
                    {SHIFT_LABELS.delete}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The shift history tab: each ended shift, its print preview and 'Print' (exported for its UI test). */
export function ShiftHistory({
  history,
  separators,
  paper,
}: {
  history: ShiftRecord[];
  separators: Separators;
  paper: '8cm' | '6cm';
}) {
  const [preview, setPreview] = useState<ShiftRecord | null>(null);
  const paperRef = useRef<HTMLDivElement>(null);
  // issue 29: 'Print' prints on the device's direct printer when it has one, else through the dialog
  const { view } = useSession();
  const direct = useMemo(() => directPrinterOf(view.device), [view.device]);
  const browserPrint = useCallback(
    async () => void (paperRef.current && (await printAlone(paperRef.current, paper))),
    [paper],
  );
  const paperPrint = usePaperPrint(direct, browserPrint);
  if (history.length === 0) return <Text c="dimmed">{SHIFT_TEXTS.noHistory}</Text>;
  return (
    <Stack gap="sm">
      {history.map((s) => (
        <Paper withBorder p="md" radius="md" key={s.local_shift_id} data-testid="shift-history-item">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>
                {wib(s.shift_start)} – {wib(s.shift_end)}
              </Text>
              <Text size="sm" c="dimmed">
                {s.cashier_name} · {s.outlet_name} · {SHIFT_LABELS.difference}{' '}
                {s.cash_end_actual === null
                  ? SHIFT_MESSAGES.notCounted
                  : formatMoney(s.cash_end_actual - (s.cash_end_expected ?? 0), separators)}
              </Text>
            </Stack>
            <Button variant="light" onClick={() => setPreview(s)}>
              {SHIFT_TEXTS.printPreview}
            </Button>
          </Group>
        </Paper>
      ))}
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={SHIFT_TEXTS.printPreview}
        size="auto"
      >
        {preview && (
          <Stack gap="md">
            <ShiftPaper ref={paperRef} shift={preview} paper={paper} separators={separators} />
            <Group justify="center">
              <Button variant="default" onClick={() => setPreview(null)}>
                {SHIFT_TEXTS.closePreview}
              </Button>
              <Button
                onClick={() =>
                  void paperPrint.print(() =>
                    shiftDoc(shiftPaperData(preview), SHIFT_PAPER_LABELS, separators),
                  )
                }
              >
                {SHIFT_TEXTS.print}
              </Button>
            </Group>
            {paperPrint.fallback}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

export function ShiftPage() {
  const { view } = useSession();
  const { ready, active, history: deviceHistory } = useShiftReads();
  const commands = useOptionalShiftCommands();
  const ownerKey = `${view.userData?.outlet_id ?? ''}/${view.userData?.business_user_id ?? ''}`;
  const activeKey = `${active?.local_shift_id ?? ''}/${deviceHistory.length}`;
  // ruling 26: the server's shifts (its open one restored here first); the device's copy while offline
  const server = useServerShifts(commands, activeKey, ownerKey);
  const history = server.history ?? deviceHistory;
  const separators: Separators = {
    decimalSeparator: view.device.decimalSeparator,
    thousandSeparator: view.device.thousandSeparator,
  };
  const enforced = isOn(view.userData?.pos_shift_enforced);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {SHIFT_LABELS.title}
      </Title>
      {enforced && !view.hasActiveShift && !active && (
        <Alert color="orange" data-testid="shift-notice">
          {SHIFT_TEXTS.mustStart}
        </Alert>
      )}
      <Tabs defaultValue="current" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="current">{SHIFT_TEXTS.currentTab}</Tabs.Tab>
          <Tabs.Tab value="expenses">{SHIFT_TEXTS.expensesTab}</Tabs.Tab>
          <Tabs.Tab value="history">{SHIFT_TEXTS.historyTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="current" pt="md">
          {!ready ? null : active ? (
            <ActiveShift key={active.local_shift_id} shift={active} separators={separators} />
          ) : server.checked ? (
            <StartForm separators={separators} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="expenses" pt="md">
          <Expenses shift={active} separators={separators} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <ShiftHistory history={history} separators={separators} paper={view.device.printerPaperSize} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
