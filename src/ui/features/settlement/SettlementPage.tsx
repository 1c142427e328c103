// /settlement/{settlement_type} (002 §2.11): opened after the sync pass (SyncFirst, 'Synchronizing
// Transactions..'), it loads the server's settlement for the type's period and grouping ('Transactions
// Synchronized, loading settlement data..') and shows it on receipt paper (8 cm / 6 cm from the device).
// TABLET: 'Print' and 'Tutup'; DESKTOP: prints by itself after 500 ms, then closes, as the receipt pages do.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SettlementResponse } from '../../../api/contract';
import { errorMessage } from '../../../api/http';
import { fetchSettlement } from '../../../api/settlement';
import { settlementDoc } from '../../../domain/printing';
import { AUTO_PRINT_DELAY_MS } from '../../../domain/receipt';
import {
  isSplitTemplate,
  settlementGroupBy,
  settlementPeriod,
  settlementScope,
} from '../../../domain/settlement';
import { SETTLEMENT_TEXTS } from '../../../domain/texts/settlement';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { notify } from '../../components/feedback';
import { usePaperPrint } from '../../printing/use-paper-print';
import { type PaperSize, printReceipt } from '../receipt/print';
import { useReceiptEnv } from '../receipt/use-receipt-env';
import { SettlementPaper } from './SettlementPaper';

export interface SettlementPageProps {
  settlement_type: string;
  /** Tests replace the print dialog. */
  print?: (root: HTMLElement, paper: PaperSize) => Promise<void>;
}

export function SettlementPage({ settlement_type, print: printImpl }: SettlementPageProps) {
  const { client } = useServices();
  const { view } = useSession();
  const env = useReceiptEnv();
  const userData = (view.userData ?? {}) as Record<string, unknown>;
  const signedInAt = (userData.signed_in_at as string | null | undefined) ?? null;
  const [now] = useState(() => new Date());
  const period = useMemo(
    () => settlementPeriod(settlement_type, signedInAt, now),
    [settlement_type, signedInAt, now],
  );
  const [data, setData] = useState<SettlementResponse | { failed: string } | null>(null);
  useEffect(() => {
    let live = true;
    fetchSettlement(client, { ...period, all_trx: '1', group_by: settlementGroupBy(settlement_type) }).then(
      (d) => live && setData(d),
      (e: unknown) => {
        if (!live) return;
        const message = errorMessage(e);
        setData({ failed: message });
        notify('error', message);
      },
    );
    return () => {
      live = false;
    };
  }, [client, period, settlement_type]);

  const ref = useRef<HTMLDivElement>(null);
  const [printing, setPrinting] = useState(false);
  const doPrint = printImpl ?? printReceipt;
  const browserPrint = useCallback(async () => {
    if (!ref.current) return;
    setPrinting(true);
    try {
      await doPrint(ref.current, env.paper);
    } finally {
      setPrinting(false);
    }
  }, [doPrint, env.paper]);
  const split = isSplitTemplate(userData.receipt_template);
  const header = useMemo(
    () => ({
      brand: String(userData.brand_name ?? ''),
      outlet: String(userData.outlet_name ?? ''),
      ...settlementScope(settlement_type, {
        outlet: String(userData.outlet_name ?? ''),
        cashier: String(userData.cashier_name ?? ''),
      }),
      start: period.start_datetime,
      end: period.end_datetime,
    }),
    [userData, settlement_type, period],
  );
  // issue 29: the device's direct printer prints the same paper without a dialog
  const paperPrint = usePaperPrint(env.direct, browserPrint);
  const print = useCallback(async (): Promise<boolean> => {
    if (!data || 'failed' in data) return false;
    setPrinting(true);
    try {
      return await paperPrint.print(() => settlementDoc(data, header, split, env.separators));
    } finally {
      setPrinting(false);
    }
  }, [paperPrint, data, header, split, env.separators]);

  // DESKTOP (or unset): print after 0.5 s, then close (003 §9), once the data is shown
  const ready = data !== null && !('failed' in data);
  const latest = useRef({ print, close: env.close });
  useEffect(() => {
    latest.current = { print, close: env.close };
  });
  useEffect(() => {
    if (!ready || env.isTablet) return;
    const timer = setTimeout(() => {
      void latest.current.print().then((printed) => printed && latest.current.close());
    }, AUTO_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, env.isTablet]);

  if (data === null || 'failed' in data)
    return (
      <Center mih="100vh" component="main" data-testid="settlement-loading">
        <h1 className="rc-visually-hidden">{SETTLEMENT_TEXTS.title}</h1>
        <Stack align="center" gap="xs">
          {data === null ? <Loader /> : null}
          <Text fw={600}>{data === null ? SETTLEMENT_TEXTS.loading : data.failed}</Text>
        </Stack>
      </Center>
    );
  return (
    <main className="rc-desk" data-testid="settlement-screen">
      <h1 className="rc-visually-hidden">{SETTLEMENT_TEXTS.title}</h1>
      <SettlementPaper
        ref={ref}
        data={data}
        paper={env.paper}
        separators={env.separators}
        split={split}
        header={header}
      />
      {paperPrint.fallback}
      {env.isTablet ? (
        <div className="rc-actions rc-noprint">
          <button
            type="button"
            className="rc-btn rc-btn-primary"
            onClick={() => void print()}
            disabled={printing}
            aria-busy={printing}
          >
            {SETTLEMENT_TEXTS.print}
          </button>
          <button type="button" className="rc-btn" onClick={env.close}>
            {SETTLEMENT_TEXTS.close}
          </button>
        </div>
      ) : null}
    </main>
  );
}
