// /audit (issue 15): the auditor's replay of the devices' event logs. Pick an outlet, a day, a cashier or a
// transaction; filter; export to CSV; open a transaction and step through it with the cart after each step.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type AuditApi, createAuditApi } from '../../../api/audit';
import type { AuditDayResponse, AuditFlag, AuditTrxResponse, DeviceChain } from '../../../api/contract/audit';
import { errorMessage } from '../../../api/http';
import { outletDate } from '../../../domain/history';
import { formatOutletStamp } from '../../../domain/time-wall';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { useSessionConfig } from '../../app/use-session-config';
import { DayInput } from '../../components/DayInput';
import { formatRupiah } from '../../components/format';
import { saveBlob } from '../../components/save-file';
import { EmrAccessLog } from '../emr-records/EmrAccessLog';
import { type AuditFilters, FLAG_NAMES, filterTrxs, NO_FILTERS, replay, statusName, trxsCsv } from './replay';

/** Our words on this page (issue 22 item 4). */
export const AUDIT_TEXTS = {
  logArrivesAtSignOut:
    'Log perangkat dikirim ke server saat kasir sign out. Sebelum itu yang tampil hanya transaksi yang sudah tersinkron, lognya menunggu.',
  logPending: 'Log menunggu sign out',
} as const;

const when = (iso: string) => formatOutletStamp(new Date(iso)).slice(11, 19);

/** A word a person reads, its code on hover and for a screen reader (issue 22 item 4). */
function Coded({ text, code }: { text: string; code: string }) {
  return (
    <Text span inherit title={code} data-code={code}>
      {text}
      <VisuallyHidden> ({code})</VisuallyHidden>
    </Text>
  );
}

function Flags({ flags }: { flags: readonly AuditFlag[] }) {
  return (
    <>
      {flags.map((f, i) => (
        <Text span inherit key={f}>
          {i > 0 ? ', ' : ''}
          <Coded text={FLAG_NAMES[f]} code={f} />
        </Text>
      ))}
    </>
  );
}

function ChainBadges({ devices }: { devices: DeviceChain[] }) {
  return (
    <Group gap="xs" data-testid="audit-chains">
      {devices.map((d) =>
        d.flags.length > 0 ? (
          <Text key={d.device_id} size="sm" fw={700} data-testid="chain-flag">
            Rantai perangkat …{d.device_id.slice(-6)} rusak: <Flags flags={d.flags} /> ({d.flagged_events}{' '}
            event{d.claimed_events > 0 ? `; ${d.claimed_events} event bisnis lain` : ''})
          </Text>
        ) : (
          <Text key={d.device_id} size="sm" fw={600}>
            Rantai perangkat …{d.device_id.slice(-6)} utuh
          </Text>
        ),
      )}
    </Group>
  );
}

function download(name: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

export function AuditPage({ api: given }: { api?: AuditApi }) {
  const { client } = useServices();
  const { view } = useSession();
  const { separators } = useSessionConfig();
  const rupiah = (n: number | null | undefined) => formatRupiah(n, 'IDR', separators);
  const api = useMemo(() => given ?? createAuditApi(client), [given, client]);
  const user = view.userData;
  const [outletId, setOutletId] = useState<number | null>(
    user?.outlet_id ?? user?.business_outlets?.[0]?.business_outlet_id ?? null,
  );
  const [date, setDate] = useState(() => outletDate(new Date()));
  const [cashier, setCashier] = useState<string | null>(null);
  const [trxSearch, setTrxSearch] = useState('');
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [day, setDay] = useState<AuditDayResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [opened, setOpened] = useState<{ id: string; data: AuditTrxResponse } | null>(null);

  const load = useCallback(async () => {
    if (!outletId || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    setLoading(true);
    setError(null);
    try {
      setDay(
        await api.day({
          outlet_id: outletId,
          date,
          ...(cashier ? { business_user_id: Number(cashier) } : {}),
          ...(trxSearch.trim() ? { local_trx_id: trxSearch.trim() } : {}),
        }),
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, [api, outletId, date, cashier, trxSearch]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (id: string) => {
    try {
      setOpened({ id, data: await api.trx(id) });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const cashierName = (id: number) =>
    day?.cashiers.find((c) => c.business_user_id === id)?.name ?? String(id);
  const shown = day ? filterTrxs(day.trxs, filters) : [];
  const outlets = day?.outlets ?? user?.business_outlets ?? [];
  const replayName = (id: number) =>
    opened?.data.cashiers.find((c) => c.business_user_id === id)?.name ?? cashierName(id);
  const outletName = (id: number | null) =>
    id === null
      ? '-'
      : ([...(opened?.data.outlets ?? []), ...outlets].find((o) => o.business_outlet_id === id)
          ?.outlet_name ?? `#${id}`);
  const pendingLogs = day ? day.trxs.some((t) => t.log_pending) : false;
  const steps = opened ? replay(opened.data.events, replayName, separators) : [];

  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h3">
        Audit Log
      </Title>
      <Paper withBorder p="sm">
        <Group align="end" wrap="wrap">
          <Select
            label="Outlet"
            data={outlets.map((o) => ({ value: String(o.business_outlet_id), label: o.outlet_name }))}
            value={outletId ? String(outletId) : null}
            onChange={(v) => setOutletId(v ? Number(v) : null)}
            allowDeselect={false}
          />
          <DayInput label="Tanggal" value={date} onChange={(day) => day && setDate(day)} w={160} />
          <Select
            label="Kasir"
            placeholder="Semua kasir"
            clearable
            data={(day?.cashiers ?? []).map((c) => ({ value: String(c.business_user_id), label: c.name }))}
            value={cashier}
            onChange={setCashier}
          />
          <TextInput
            label="ID transaksi"
            value={trxSearch}
            onChange={(e) => setTrxSearch(e.currentTarget.value)}
          />
        </Group>
        <Group mt="sm" wrap="wrap">
          <Checkbox
            label="Item dihapus"
            checked={filters.deletedLines}
            onChange={(e) => setFilters({ ...filters, deletedLines: e.currentTarget.checked })}
          />
          <Checkbox
            label="Void"
            checked={filters.voids}
            onChange={(e) => setFilters({ ...filters, voids: e.currentTarget.checked })}
          />
          <Checkbox
            label="Dihapus sebelum submit"
            checked={filters.deletedBeforeSubmit}
            onChange={(e) => setFilters({ ...filters, deletedBeforeSubmit: e.currentTarget.checked })}
          />
          <NumberInput
            label="Diskon di atas (%)"
            min={0}
            max={100}
            w={160}
            value={filters.discountAbove ?? ''}
            onChange={(v) => setFilters({ ...filters, discountAbove: v === '' ? null : Number(v) })}
          />
          <Button
            variant="default"
            disabled={shown.length === 0}
            onClick={() => download(`audit-${outletId}-${date}.csv`, trxsCsv(shown, cashierName))}
          >
            Ekspor CSV
          </Button>
        </Group>
      </Paper>
      {error && (
        <Alert color="red" title="Gagal memuat">
          {error}
        </Alert>
      )}
      {day && <ChainBadges devices={day.devices} />}
      {loading && <Text>Memuat…</Text>}
      {day && !loading && shown.length === 0 && <Text>Tidak ada transaksi.</Text>}
      {day && !loading && (shown.length === 0 || pendingLogs) && (
        <Text size="sm" data-testid="audit-log-hint">
          {AUDIT_TEXTS.logArrivesAtSignOut}
        </Text>
      )}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table striped data-testid="audit-trxs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Waktu</Table.Th>
                <Table.Th>Transaksi</Table.Th>
                <Table.Th>Kasir</Table.Th>
                <Table.Th>Item dihapus</Table.Th>
                <Table.Th>Void</Table.Th>
                <Table.Th>Diskon %</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Rantai</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((t) => (
                <Table.Tr key={t.local_trx_id}>
                  <Table.Td>{when(t.first_at)}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => void open(t.local_trx_id)}>
                      {t.trx_id ?? (t.order_no ? `No. ${t.order_no}` : '…')} · {t.local_trx_id.slice(-6)}
                    </Button>
                  </Table.Td>
                  <Table.Td>{t.cashier_ids.map(cashierName).join(', ')}</Table.Td>
                  <Table.Td>{t.deleted_lines}</Table.Td>
                  <Table.Td>
                    {t.voided ? `Ya: ${t.void_reason ?? ''}` : t.deleted_before_submit ? 'Dihapus' : '-'}
                  </Table.Td>
                  <Table.Td>{t.max_discount_percent}</Table.Td>
                  <Table.Td>{rupiah(t.drv_grand_total)}</Table.Td>
                  <Table.Td>{t.log_pending ? AUDIT_TEXTS.logPending : t.flagged ? 'Rusak' : 'Utuh'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {opened && (
        <Paper withBorder p="sm" data-testid="audit-replay">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Replay transaksi …{opened.id.slice(-6)}
            </Title>
            <Button variant="default" onClick={() => setOpened(null)}>
              Tutup
            </Button>
          </Group>
          {opened.data.sale && (
            <Text size="sm">
              {opened.data.sale.trx_id} · {outletName(opened.data.sale.business_outlet_id)} ·{' '}
              <Coded
                text={statusName(opened.data.sale.trx_status_id)}
                code={`trx_status_id ${opened.data.sale.trx_status_id}`}
              />
            </Text>
          )}
          {opened.data.events.length === 0 && <Text size="sm">{AUDIT_TEXTS.logArrivesAtSignOut}</Text>}
          <ChainBadges devices={opened.data.devices} />
          <Table mt="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Waktu</Table.Th>
                <Table.Th>Langkah</Table.Th>
                <Table.Th>Oleh</Table.Th>
                <Table.Th>Keranjang setelahnya</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {steps.map((s) => (
                <Table.Tr key={s.event.id} data-testid="audit-step">
                  <Table.Td>{s.index + 1}</Table.Td>
                  <Table.Td>{when(s.event.at)}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      <Coded text={s.label} code={s.event.type} />
                      {s.event.flags.length > 0 && (
                        <Text span ml="xs" fw={700}>
                          [<Flags flags={s.event.flags} />]
                        </Text>
                      )}
                    </Text>
                    {s.detail && <Text size="sm">{s.detail}</Text>}
                    {s.error && (
                      <Text size="sm" c="red.9">
                        {s.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {typeof s.event.actor === 'number' ? replayName(s.event.actor) : 'Perangkat'}
                    </Text>
                    {(s.event.uploaded_by !== s.event.actor ||
                      s.event.upload_outlet_id !== s.event.outlet_id) && (
                      <Text size="xs">
                        Diunggah: {replayName(s.event.uploaded_by)} · {outletName(s.event.upload_outlet_id)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {s.state ? (
                      <Text size="sm">
                        {s.state.details.length} item · {rupiah(s.state.drv_grand_total)} · bayar{' '}
                        {s.state.payments.length} ·{' '}
                        <Coded
                          text={statusName(s.state.trx_status_id)}
                          code={`trx_status_id ${s.state.trx_status_id ?? ''}`}
                        />
                      </Text>
                    ) : (
                      <Text size="sm">-</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {/* issue 25: who read or wrote which medical record (docs/decisions.md) */}
      <EmrAccessLog />
    </Stack>
  );
}
