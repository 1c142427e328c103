// Step 2's left side for a top-up ('Top Up Deposit') or a receivable payment ('Pembayaran Piutang'), 000 §2:
// the customer messages, the amount input creating or editing the synthetic line, the top-up's 'Seller'
// select and the receivable radio list 'Pilih Transaksi Piutang'.
import { Alert, Paper, Radio, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  formatAmountInput,
  formatCurrency,
  type PosTransaction,
  parseAmountInput,
  syntheticLineAmount,
  topUpSellerMode,
  validateTopUpCustomer,
} from '../../../../domain';
import { RECEIVABLE_TEXTS } from '../../../../domain/texts/receivable';
import { SALE_MESSAGES } from '../../../../domain/texts/sale';
import { shortId } from '../../../../domain/transaction-labels';
import { AmountField } from '../../../components/AmountField';
import { usePos } from '../context';
import { LineSellers } from './LineSellers';
import { SPECIAL_TEXTS as T } from './texts';

/** A receivable's sale as 'KMG-20261127-0003 · Struk #A2C5A5' (the list's number and the receipt's). */
export const saleNumbers = (ar: { trx_id?: string | null; local_trx_id?: string | null }): string =>
  [ar.trx_id, ar.local_trx_id ? RECEIVABLE_TEXTS.receiptNo(shortId(ar.local_trx_id)) : null]
    .filter(Boolean)
    .join(' · ');

/** How long after the last key the typed amount becomes the line. */
const AMOUNT_TYPING_PAUSE_MS = 200;

function AmountInput({ trx, label }: { trx: PosTransaction; label: string }) {
  const { commands, notify, separators } = usePos();
  const amount = syntheticLineAmount(trx);
  const [text, setText] = useState(() => (amount > 0 ? formatAmountInput(amount, separators) : ''));
  // another tab or a reset changes the line: the input follows it — not while the cashier types in it (the
  // line then follows the input, and an earlier keystroke's line must not overwrite the later text)
  const editing = useRef(false);
  useEffect(() => {
    if (editing.current) return;
    setText((t) =>
      parseAmountInput(t, separators).value === amount
        ? t
        : amount > 0
          ? formatAmountInput(amount, separators)
          : '',
    );
  }, [amount, separators]);
  const save = async (value: string) => {
    clearTimeout(typing.current);
    const next = Math.floor(parseAmountInput(value, separators).value);
    if (next === amount && trx.details.length > 0) return;
    const r = await commands.setSpecialAmount({ local_trx_id: trx.local_trx_id, amount: next });
    if (!r.ok) notify('error', r.message);
  };
  // the line follows the amount as the cashier types (issue 22 item 6: it waited for the field to lose
  // focus, so the first 'Continue' found no line), a short pause after the last key
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  return (
    <AmountField
      size="lg"
      label={label}
      inputMode="numeric"
      value={text}
      data-testid="special-amount"
      separators={separators}
      onChange={(input) => {
        setText(input.text);
        clearTimeout(typing.current);
        typing.current = setTimeout(() => void save(input.text), AMOUNT_TYPING_PAUSE_MS);
      }}
      onFocus={() => {
        editing.current = true;
      }}
      onBlur={(e) => {
        editing.current = false;
        void save(e.currentTarget.value);
      }}
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
  const refusal = trx.customer?.user_identifier_string ? null : SALE_MESSAGES.topUpCustomerMissing;
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
                // the sale by both its numbers: the server's (Daftar Piutang) and the receipt's (issue 22 item 6)
                description={saleNumbers(ar)}
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
