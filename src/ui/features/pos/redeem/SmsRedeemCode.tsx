// The payment step's SMS redeem code (000 §2 "Payment area"): 'Redeem Code dari SMS' with a resend button and
// its 30 s countdown (003 §9); 'SMS berhasil dikirim ulang' on success.
import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { createRedeemApi } from '../../../../api/redeem';
import { type PosTransaction, smsResendSecondsLeft } from '../../../../domain';
import { REDEEM_TEXTS as T } from '../../../../domain/texts/redeem';
import { useServices } from '../../../app/services';
import { usePos } from '../context';

/** When the SMS was last sent, per reward_redeem_sms_id (this page's memory; the server enforces the 30 s). */
const sentAt = new Map<number, number>();

export function SmsRedeemCode({ trx }: { trx: PosTransaction }) {
  const { commands, notify } = usePos();
  const { client } = useServices();
  const api = useMemo(() => createRedeemApi(client), [client]);
  const smsId = Number((trx.redeem as { reward_redeem_sms_id?: number } | null)?.reward_redeem_sms_id ?? 0);
  const [code, setCode] = useState(trx.redeem?.redeem_code ?? '');
  const [now, setNow] = useState(() => Date.now());
  if (smsId && !sentAt.has(smsId)) sentAt.set(smsId, Date.now());
  const left = smsResendSecondsLeft(sentAt.get(smsId) ?? null, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(t);
  }, [left]);
  if (trx.redeem?.redeem_type !== 'sms') return null;
  const save = async (value: string) => {
    const r = await commands.setRedeemCode({ local_trx_id: trx.local_trx_id, redeem_code: value });
    if (!r.ok) notify('error', r.message);
  };
  const resend = async () => {
    try {
      await api.resendSms(smsId);
      sentAt.set(smsId, Date.now());
      setNow(Date.now());
      notify('success', T.smsResent);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : T.connectionError);
    }
  };
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        size="md"
        label={T.smsCodeLabel}
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid="sms-redeem-code"
        onChange={(e) => setCode(e.currentTarget.value)}
        onBlur={(e) => void save(e.currentTarget.value)}
      />
      <Button size="md" variant="light" disabled={left > 0} onClick={resend} data-testid="sms-redeem-resend">
        {left > 0 ? `Resend (${left})` : 'Resend'}
      </Button>
    </Group>
  );
}
