// Step 3's payment area (000 §2 "Payment area"): what remains or the change, the payments with a
// confirmed delete, 'Tambah Pembayaran Baru', 'Gunakan Deposit' (+ 'Refresh Saldo'), 'Kode Receh',
// 'Gunakan Piutang'. Every change is a command; amounts are read by src/domain's parseAmountInput.
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import {
  defaultDepositAmount,
  formatCurrency,
  type PaymentMethod,
  type PosTransaction,
  paymentCharge,
  priceTransaction,
} from '../../../../domain';
import { PAYMENT_TEXTS as T } from '../../../../domain/texts/cashier';
import { useAmountText } from '../../../components/AmountField';
import { usePos } from '../context';
import { SmsRedeemCode } from '../redeem/SmsRedeemCode';
import { methodOfType, paymentAreaState, paymentPrefillText, paymentRows } from './model';

/** An amount field that keeps the formatted text and the value (000 §5 "Amount input"). */
function useAmount(initial = 0) {
  const { separators } = usePos();
  return useAmountText(separators, initial);
}

function AddPayment({
  trx,
  methods,
  remaining,
}: {
  trx: PosTransaction;
  methods: PaymentMethod[];
  remaining: number;
}) {
  const { commands, notify, config, separators } = usePos();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [reference, setReference] = useState('');
  const amount = useAmount();
  const [saving, setSaving] = useState(false);
  // A used method leaves the list: drop the choice.
  useEffect(() => {
    if (method && !methods.some((m) => m.table_name === method.table_name && m.table_id === method.table_id))
      setMethod(null);
  }, [methods, method]);

  if (methods.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {T.allUsed}
      </Text>
    );
  const choose = (m: PaymentMethod) => {
    setMethod(m);
    amount.onChange(paymentPrefillText(remaining, separators));
  };
  const charge = method ? paymentCharge(amount.value, method) : 0;
  const add = async () => {
    setSaving(true);
    const r = await commands.addPayment({
      local_trx_id: trx.local_trx_id,
      payment_type: 'NORMAL',
      method,
      amount: amount.text === '' ? null : amount.value,
      reference: reference.trim() || null,
    });
    setSaving(false);
    if (!r.ok) return notify('error', r.message);
    setMethod(null);
    setReference('');
    amount.set(0);
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={3} spacing="xs">
        {methods.map((m) => {
          const chosen = method?.table_name === m.table_name && method?.table_id === m.table_id;
          return (
            <Button
              key={`${m.table_name}-${m.table_id}`}
              size="md"
              variant={chosen ? 'filled' : 'default'}
              onClick={() => choose(m)}
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.1 } }}
            >
              {m.payment_method_name}
            </Button>
          );
        })}
      </SimpleGrid>
      {method && (
        <>
          <TextInput
            size="md"
            label="Nominal"
            inputMode="decimal"
            value={amount.text}
            onChange={(e) => amount.onChange(e.currentTarget.value)}
            leftSection={<Text size="xs">{config.currency_code}</Text>}
            leftSectionWidth={48}
          />
          {charge > 0 && (
            <Text size="sm" c="dimmed" data-testid="charge-preview">
              {method.charge_label?.trim() || 'Charge'}:{' '}
              {formatCurrency(charge, config.currency_code, separators)}
            </Text>
          )}
          <TextInput
            size="md"
            label="Kode Referensi"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            withAsterisk={Number(method.is_reference_required ?? 0) === 1}
          />
          <Button size="md" onClick={add} loading={saving}>
            Tambah
          </Button>
        </>
      )}
    </Stack>
  );
}

function UseDeposit({ trx, remaining }: { trx: PosTransaction; remaining: number }) {
  const { commands, notify, api, config, separators } = usePos();
  const customer = trx.customer;
  const [balance, setBalance] = useState<number>(Number(customer?.deposit_amount ?? 0));
  const amount = useAmount(defaultDepositAmount(balance, remaining));
  const [loading, setLoading] = useState(false);
  // What remains changes with every other payment: the suggested amount follows it.
  const setAmount = amount.set;
  useEffect(() => {
    setAmount(defaultDepositAmount(balance, remaining));
  }, [balance, remaining, setAmount]);
  const refresh = async () => {
    if (!customer?.user_identifier_type || !customer.user_identifier_string) return;
    setLoading(true);
    notify('info', T.refreshing, { id: 'refresh-balance' });
    try {
      const user = await api.customer.customerBalance({
        user_identifier_type: customer.user_identifier_type,
        user_identifier_string: customer.user_identifier_string,
      });
      const next = Number(user.deposit_amount ?? 0);
      setBalance(next);
      notify('success', T.refreshed, { id: 'refresh-balance' });
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error), { id: 'refresh-balance' });
    } finally {
      setLoading(false);
    }
  };
  const use = async () => {
    const r = await commands.addPayment({
      local_trx_id: trx.local_trx_id,
      payment_type: 'DEPOSIT',
      method: methodOfType(config.payment_method, 'DEPOSIT'),
      amount: amount.text === '' ? null : amount.value,
    });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm">
          Saldo: <b>{formatCurrency(balance, config.currency_code, separators)}</b>
        </Text>
        <Button size="compact-md" variant="light" onClick={refresh} loading={loading}>
          {T.refreshBalance}
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          size="md"
          style={{ flex: 1 }}
          inputMode="decimal"
          aria-label="Nominal Deposit"
          value={amount.text}
          onChange={(e) => amount.onChange(e.currentTarget.value)}
        />
        <Button size="md" onClick={use}>
          Gunakan
        </Button>
      </Group>
    </Stack>
  );
}

function UseCredit({ trx }: { trx: PosTransaction }) {
  const { commands, notify, config } = usePos();
  const amount = useAmount();
  const [reference, setReference] = useState('');
  const use = async () => {
    const r = await commands.addPayment({
      local_trx_id: trx.local_trx_id,
      payment_type: 'CREDIT',
      method: methodOfType(config.payment_method, 'CREDIT'),
      amount: amount.text === '' ? null : amount.value,
      reference: reference.trim() || null,
    });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" grow>
        <TextInput
          size="md"
          inputMode="decimal"
          label="Nominal"
          value={amount.text}
          onChange={(e) => amount.onChange(e.currentTarget.value)}
        />
        <TextInput
          size="md"
          label="Referensi"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
      </Group>
      <Button size="md" variant="light" onClick={use}>
        Gunakan
      </Button>
    </Stack>
  );
}

function RecehCode({ trx }: { trx: PosTransaction }) {
  const { commands, notify } = usePos();
  const [code, setCode] = useState(trx.receh_code ?? '');
  const save = async () => {
    if ((trx.receh_code ?? '') === code) return;
    const r = await commands.setRecehCode({
      local_trx_id: trx.local_trx_id,
      receh_code: code.trim() || null,
    });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <TextInput
      size="md"
      label={T.receh}
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      onBlur={save}
      type="password"
      autoComplete="off"
    />
  );
}

export function PaymentArea({ trx }: { trx: PosTransaction }) {
  const { config, separators, commands, notify, confirm } = usePos();
  // the grand total Selesai checks: the domain's pricing under the configuration in force (ruling 22)
  const state = useMemo(
    () => paymentAreaState(trx, config, priceTransaction(trx, config).drv_grand_total),
    [trx, config],
  );
  const rows = paymentRows(trx, config.currency_code, separators);
  const remove = async (local_payment_id: string) => {
    if (!(await confirm({ title: T.deleteTitle, message: T.deleteConfirm, danger: true }))) return;
    const r = await commands.removePayment({ local_trx_id: trx.local_trx_id, local_payment_id });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" bg={state.headline.label === T.change ? 'teal.0' : 'blue.0'}>
        <Text size="sm">{state.headline.label}</Text>
        <Title order={2} data-testid="payment-headline">
          {formatCurrency(state.headline.amount, config.currency_code, separators)}
        </Title>
      </Paper>
      <Stack gap={4}>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {T.empty}
          </Text>
        ) : (
          rows.map((row) => (
            <Group key={row.id} justify="space-between" wrap="nowrap" data-testid="payment-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {row.name}
                </Text>
                {row.charge && (
                  <Text size="xs" c="dimmed">
                    {row.charge}
                  </Text>
                )}
                {row.ref && (
                  <Text size="xs" c="dimmed">
                    {row.ref}
                  </Text>
                )}
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600}>{row.amount}</Text>
                <ActionIcon
                  size="lg"
                  variant="light"
                  color="red"
                  aria-label={`Hapus pembayaran ${row.name}`}
                  onClick={() => remove(row.id)}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Group>
          ))
        )}
      </Stack>
      {trx.redeem?.redeem_type === 'sms' && <SmsRedeemCode trx={trx} />}
      {state.showReceh && <RecehCode trx={trx} />}
      <Divider label={T.addTitle} labelPosition="left" />
      <AddPayment trx={trx} methods={state.methods} remaining={state.remaining} />
      {state.showDeposit && (
        <>
          <Divider label={T.deposit} labelPosition="left" />
          <UseDeposit trx={trx} remaining={state.remaining} />
        </>
      )}
      {state.showCredit && (
        <>
          <Divider label={T.credit} labelPosition="left" />
          <UseCredit trx={trx} />
        </>
      )}
    </Stack>
  );
}
