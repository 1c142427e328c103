// @vitest-environment jsdom
// Worker activity by transaction in pages (issue 27): the print page asks for the first page of the selected
// workers only, shows every worker's heading and whole-range totals at once with the rows loaded so far and
// 'Menampilkan X dari N baris…', loads the next page from the cursor, and stops when the last page came.
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerTrxPageResponse, WorkerTrxPageRow } from '../../src/api/contract/report';
import { type AppServices, ServicesProvider } from '../../src/ui/app/services';
import { SessionContextProvider } from '../../src/ui/app/session-context';
import { WorkerReportPrint } from '../../src/ui/features/reports/WorkerReportPrint';
import { demoUser } from './fixtures';
import { cleanup, click, flush, render, text } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

afterEach(cleanup);

type Req = { path: string; query?: Record<string, string> };

const row = (worker: number, i: number, commission: boolean): WorkerTrxPageRow => ({
  business_commission_worker_id: worker,
  row_key: `${worker}-${i}`,
  trx_id: `TRX-${worker}-${i}`,
  trx_time: '2026-11-20 10:00:00',
  user_name: 'Ani',
  item_name: 'Potong',
  qty: 1,
  gross_total: 100_000,
  discount_value: 0,
  net_value: 100_000,
  commission_base_value: 100_000,
  ...(commission ? { total_commission: 10_000 } : {}),
});
const worker = (id: number, name: string, rows: number, commission: boolean) => ({
  business_commission_worker_id: id,
  firstname: name,
  lastname: '',
  initial: name[0],
  row_count: rows,
  totals: {
    qty: rows,
    gross_total: 100_000 * rows,
    discount_value: 0,
    net_value: 100_000 * rows,
    commission_base_value: 100_000 * rows,
    ...(commission ? { total_commission: 10_000 * rows } : {}),
  },
});

function open(commission: boolean) {
  const calls: Req[] = [];
  const pages: Record<string, WorkerTrxPageResponse> = {
    '': {
      workers: [worker(7, 'Budi', 3, commission), worker(3, 'Citra', 2, commission)],
      rows: [row(7, 1, commission), row(7, 2, commission)],
      next_cursor: 'c1',
    },
    c1: { rows: [row(7, 3, commission), row(3, 1, commission)], next_cursor: 'c2' },
    c2: { rows: [row(3, 2, commission)], next_cursor: null },
  };
  const client = {
    request: (req: Req) => {
      calls.push(req);
      return Promise.resolve(pages[req.query?.cursor ?? '']);
    },
  } as unknown as AppServices['client'];
  render(
    <ServicesProvider value={{ client } as Partial<AppServices> as AppServices}>
      <SessionContextProvider value={{ view: sessionView(demoUser()), commands: noCommands }}>
        <WorkerReportPrint search="?start_date=2026-01-01&end_date=2026-11-27&report_type=by-transaction&commission_workers=7,3" />
      </SessionContextProvider>
    </ServicesProvider>,
  );
  return calls;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};
const all = (id: string) => [...document.querySelectorAll(`[data-testid="${id}"]`)];
const bodyRows = () => document.querySelectorAll('[data-testid="report-table"] tbody tr').length;
const more = () => document.querySelector<HTMLElement>('[data-testid="report-more"]') ?? undefined;

describe('WorkerReportPrint by transaction in pages', () => {
  it('every worker with its whole-range totals at once; rows page by page from the cursor', async () => {
    const calls = open(true);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: 'cashier/pos-sales-trx-commission-by-trx',
      query: { commission_workers: '7,3', report_type: 'by-transaction', limit: '1000', format: 'page' },
    });
    expect(calls[0].query?.cursor).toBeUndefined();
    // both workers' headings and totals rows before their rows have loaded
    expect(all('report-worker-section').map((s) => s.querySelector('h2')?.textContent)).toEqual([
      'Budi (B)',
      'Citra (C)',
    ]);
    const totals = all('report-totals').map((t) => t.textContent ?? '');
    expect(totals[0]).toContain('IDR 300,000');
    expect(totals[0]).toMatch(/IDR 30,000$/);
    expect(totals[1]).toContain('IDR 200,000');
    expect(text()).toContain('Total Commission');
    expect(bodyRows()).toBe(2);
    expect(all('report-shown')[0]?.textContent).toContain('Menampilkan 2 dari 5 baris');

    click(more());
    await settle();
    expect(calls.map((c) => c.query?.cursor)).toEqual([undefined, 'c1']);
    expect(calls[1].query).toMatchObject({ commission_workers: '7,3', limit: '1000' });
    expect(bodyRows()).toBe(4);
    expect(all('report-shown')[0]?.textContent).toContain('Menampilkan 4 dari 5 baris');
    // each worker's rows in the order they came (numbered from 1 in each table)
    const firstTable = all('report-table')[0];
    expect(
      [...firstTable.querySelectorAll('tbody tr')].map((r) => r.querySelectorAll('td')[1]?.textContent),
    ).toEqual(['TRX-7-1', 'TRX-7-2', 'TRX-7-3']);

    expect(
      [...firstTable.querySelectorAll('tbody tr')].map((r) => r.querySelector('td')?.textContent),
    ).toEqual(['1', '2', '3']);

    click(more());
    await settle();
    expect(calls.map((c) => c.query?.cursor)).toEqual([undefined, 'c1', 'c2']);
    expect(bodyRows()).toBe(5);
    expect(all('report-shown')).toHaveLength(0);
    expect(more()).toBeUndefined();
    // the totals stay the server's whole-range ones
    expect(all('report-totals')[1]?.textContent).toContain('IDR 200,000');
  });

  it("no 'Total Commission' when the server left it out", async () => {
    open(false);
    await settle();
    expect(all('report-worker-section')).toHaveLength(2);
    expect(text()).not.toContain('Total Commission');
  });
});
