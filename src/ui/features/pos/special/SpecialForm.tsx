// Step 2's left side for a top-up ('Top Up Deposit') or a receivable payment ('Pembayaran Piutang'), 000 §2:
// the customer messages, the amount input creating or editing the synthetic line, the top-up's 'Seller'
// select and the receivable radio list 'Pilih Transaksi Piutang'.
import { Alert, Paper, Radio, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  formatAmountInput,
  formatCurrency,
  MESSAGES,
  type PosTransaction,
  parseAmountInput,
  syntheticLineAmount,
  topUpSellerMode,
  validateTopUpCustomer,
} from '../../../../domain';
import { AmountField } from '../../../components/AmountField';
import { usePos } from '../context';
import { LineSellers } from './LineSellers';
import { SPECIAL_TEXTS as T } from './texts';

function AmountInput({ trx, label }: { trx: PosTransaction; label: string }) {
  const { commands, notify, separators } = usePos();
  const amount = syntheticLineAmount(trx);
  const [text, setText] = useState(() => (amount > 0 ? formatAmountInput(amount, separators) : ''));
  // another tab or a reset changes the line: the input follows it
  useEffect(() => {
    setText((t) =>
      parseAmountInput(t, separators).value === amount
        ? t
        : amount > 0
          ? formatAmountInput(amount, separators)
          : '',
    );
  }, [amount, separators]);
  const save = async (value: string) => {
    const next = Math.floor(parseAmountInput(value, separators).value);
    if (next === amount && trx.details.length > 0) return;
    const r = await commands.setSpecialAmount({ local_trx_id: trx.local_trx_id, amount: next });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <AmountField
      size="lg"
      label={label}
      inputMode="numeric"
      value={text}
      data-testid="special-amount"
      separators={separators}
      onChange={(input) => setText(input.text)}
      onBlur={(e) => void save(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void save(e.currentTarget.value);
      }}
    />
  );
}

function TopUpForm({ trx }: { trx: PosTransaction }) {
  const { config, commands } = usePos();
  const refusal = validateTopUpCustomer(trx.customer);
  return (
    <Stack gap="md">
      {refusal ? (
        <Alert color="yellow" variant="light" data-testid="special-customer-message">
          {refusal}
        </Alert>
      ) : (
        <>
          <AmountInput trx={trx} label={T.topUpAmount} />
          <LineSellers
            trx={trx}
            mode={topUpSellerMode(config)}
            label={T.seller}
            setSellers={commands.setSpecialSellers}
          />
        </>
      )}
    </Stack>
  );
}

function ReceivableForm({ trx }: { trx: PosTransaction }) {
  const { config, separators, commands, notify } = usePos();
  // the same customer messages as the top-up's (000 §2): no customer, or one without an identifier
  const refusal = trx.customer?.user_identifier_string ? null : MESSAGES.topUpCustomerMissing;
  if (refusal)
    return (
      <Alert color="yellow" variant="light" data-testid="special-customer-message">
        {refusal}
      </Alert>
    );
  const receivables = trx.customer?.account_receivables ?? [];
  const chosen = trx.account_receivable?.account_receivable_id;
  const choose = async (id: string) => {
    const r = await commands.chooseAccountReceivable({
      local_trx_id: trx.local_trx_id,
      account_receivable_id: Number(id),
    });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <Stack gap="md">
      <AmountInput trx={trx} label={T.receivableAmount} />
      {receivables.length === 0 ? (
        <Text c="dimmed">{T.noReceivables}</Text>
      ) : (
        <Radio.Group
          label={T.chooseReceivable}
          value={chosen == null ? null : String(chosen)}
          onChange={(v) => void choose(v)}
        >
          <Stack gap="xs" mt="xs" data-testid="receivable-options">
            {receivables.map((ar) => (
              <Radio
                key={ar.account_receivable_id}
                value={String(ar.account_receivable_id)}
                size="md"
                label={`${formatCurrency(ar.drv_balance, config.currency_code, separators)}, ${ar.trx_time ?? ''}${
                  ar.payment_method_reference ? ` - Ref: ${ar.payment_method_reference}` : ''
                }`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

/** The form of a top-up or receivable payment (000 §2 step 2). */
export function SpecialForm({ trx }: { trx: PosTransaction }) {
  const title = trx.trx_type === 'TOP_UP_DEPOSIT' ? T.topUpTitle : T.receivableTitle;
  return (
    <Paper withBorder radius="md" h="100%" p="md" data-testid="special-form">
      <ScrollArea h="100%" type="auto">
        <Stack gap="md">
          <Title order={2} size="h3">
            {title}
          </Title>
          {trx.trx_type === 'TOP_UP_DEPOSIT' ? <TopUpForm trx={trx} /> : <ReceivableForm trx={trx} />}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
