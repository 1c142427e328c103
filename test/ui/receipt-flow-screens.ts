// The receipts on the real server and the real app (not a vitest test; it checks and exits non-zero
// on a failed check): a sale posted by one cashier (kasir@serambi.id) through the API; another
// (demo@serambi.id) opens its copy at pos/receipt/{id}/completed, edits a worker at /trx-edit/{id},
// and the edit survives the reload and reaches the server (GET shows it and its edit history); the
// public receipt opens in a fresh browser context with no session; a bad token shows the failure text.
// Run: npx vite build && npx tsx test/ui/receipt-flow-screens.ts   (starts and stops its own server)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { posTransactionSchema } from '../../src/domain';
import { priceTransaction, totalsToTransactionFields } from '../../src/domain/pricing';

const PORT = Number(process.env.PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = 'test-artifacts/receipt/flow';
type Doc = Record<string, unknown>;

let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'OK  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
};

const HEADERS = {
  Platform: 'web',
  'App-Version': '1.8.70',
  'Build-Number': '20251030',
  'App-Build': '20251030',
};
async function api(
  path: string,
  init: { method?: string; body?: unknown; tokens?: { client_key: string; login_token: string } } = {},
) {
  const r = await fetch(`${BASE}/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...HEADERS,
      ...(init.tokens
        ? {
            Authorization: init.tokens.client_key,
            'APP-Token': init.tokens.login_token,
            'Authorization-Type': 'business_user',
          }
        : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await r.json()) as { status: string; data: Doc; error?: { message: string } };
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data;
}

function stopServer(child: ChildProcess) {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

async function startServer(): Promise<ChildProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'serambi-receipt-'));
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops npx's tsx child too.
    detached: true,
  });
  child.stderr?.on('data', (d) => process.stderr.write(d));
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stopServer(child);
  throw new Error('server did not start');
}

/** A completed cash sale of one service with a worker, priced by src/domain, posted online. */
async function postSale(): Promise<{ local_trx_id: string; itemName: string; workers: Doc[] }> {
  const tokens = (await api('cashier/pos/auth/sign-in', {
    method: 'POST',
    body: { email: 'kasir@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
  })) as unknown as { client_key: string; login_token: string };
  const config = (await api('cashier/config?outlet_id=1', { tokens })) as Doc & {
    pos_items: (Doc & {
      pos_item_id: number;
      item_name: string;
      item_nature?: string;
      pos_item_variants: Doc[];
      is_package?: number;
    })[];
    payment_method: Doc[];
    sales_type: Doc[];
    commission_worker: Doc[];
  };
  const service = config.pos_items.find((i) => i.item_nature === 'SERVICE' && !i.is_package);
  if (!service) throw new Error('no service item');
  const worker = config.commission_worker[0];
  const w = {
    business_commission_worker_id: worker.business_commission_worker_id,
    firstname: worker.firstname,
    lastname: worker.lastname ?? null,
    initial: worker.initial ?? null,
  };
  const base = {
    local_trx_id: randomUUID(),
    trx_status_id: 3,
    trx_type: 'NORMAL',
    trx_local_start_time: '2026-11-22 09:00:00',
    trx_local_end_time: '2026-11-22 09:40:00',
    order_no: 3,
    customer: null,
    details: [
      {
        local_trx_detail_id: randomUUID(),
        itemMeta: { ...service, pos_item_variants: [service.pos_item_variants[0]] },
        pos_item_id: service.pos_item_id,
        pos_item_variant_id: service.pos_item_variants[0].pos_item_variant_id,
        qty: 1,
        pos_sales_type: config.sales_type[0] ?? null,
        commission_workers: [{ commission_worker: w, percentage: 100 }],
        business_commission_worker_id: w.business_commission_worker_id,
      },
    ],
  };
  const pricing = {
    tax: config.tax as never,
    service_charge: config.service_charge as never,
    additional_charge: config.additional_charge as never,
  };
  const totals = totalsToTransactionFields(priceTransaction(posTransactionSchema.parse(base), pricing));
  const cash = config.payment_method.find((m) => m.payment_method_name === 'Cash');
  const trx = {
    ...base,
    ...totals,
    payments: [
      {
        local_payment_id: randomUUID(),
        payment_type: 'NORMAL',
        payment_amount: Math.ceil(totals.drv_grand_total / 1000) * 1000 + 10000,
        payment_charge: 0,
        payment_method: cash,
      },
    ],
  };
  await api('cashier/pos-trx', { method: 'POST', tokens, body: { is_offline: 0, trxs: [trx] } });
  return { local_trx_id: base.local_trx_id, itemName: service.item_name, workers: config.commission_worker };
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
  console.log(`${OUT}/${name}.png`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const sale = await postSale();
    const kasir = (await api('cashier/pos/auth/sign-in', {
      method: 'POST',
      body: { email: 'kasir@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
    })) as unknown as { client_key: string; login_token: string };
    await api('cashier/config?outlet_id=1', { tokens: kasir });
    const stored = await api(`cashier/pos-trx/${sale.local_trx_id}`, { tokens: kasir });
    const token = String(stored.receipt_token);
    check(token.length >= 22, `receipt token is long (${token.length} chars)`);

    // A fresh context with no session: the public receipt.
    const pub = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await pub.newPage();
    p.on('pageerror', (e) => console.error('pageerror', e.message));
    await p.goto(`${BASE}/receipt/${encodeURIComponent(token)}`);
    await p.getByTestId('receipt-paper').waitFor({ timeout: 20_000 });
    const paperText = (await p.getByTestId('receipt-paper').textContent()) ?? '';
    check(paperText.includes(sale.itemName) && paperText.includes('TOTAL'), 'public receipt shows the sale');
    check(!p.url().includes('sign-in'), 'public receipt needs no sign-in');
    await shot(p, 'public-receipt');
    await p.goto(`${BASE}/receipt/not-a-token`);
    await p.getByText('Failed to load receipt, please try again.').waitFor({ timeout: 20_000 });
    check(true, "bad token: 'Failed to load receipt, please try again.'");
    await shot(p, 'public-receipt-failed');
    await pub.close();

    // The signed-in app: the copy and the worker edit.
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    await page.goto(`${BASE}/sign-in`);
    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await page.getByText('Serambi Salon Kemang').click();
    await page.waitForURL(`${BASE}/`, { timeout: 30_000 });

    await page.goto(`${BASE}/pos/receipt/${sale.local_trx_id}/completed`);
    await page.getByText('THIS IS A COPY').waitFor({ timeout: 20_000 });
    check(true, "pos/receipt/{id}/completed: 'THIS IS A COPY' (loaded from the server)");
    await shot(page, 'completed-copy');

    await page.goto(`${BASE}/trx-edit/${sale.local_trx_id}`);
    await page.getByText('Klik pada nama item untuk melakukan perubahan').waitFor({ timeout: 20_000 });
    const title = (await page.getByRole('heading', { level: 3 }).first().textContent()) ?? '';
    check(
      title.startsWith(`Edit Transaksi #${sale.local_trx_id.slice(-6).toUpperCase()} / `),
      `title '${title}'`,
    );
    await shot(page, 'trx-edit');
    await page.locator('.rc-name[role="button"]').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const other = sale.workers[1] as { firstname: string; lastname?: string | null };
    const otherName = [other.firstname, other.lastname].filter(Boolean).join(' ');
    // Multi-commission (Kemang): remove the worker, add another with 100%.
    await dialog.getByRole('button', { name: 'hapus' }).first().click();
    await dialog.getByPlaceholder('Worker').click();
    await page.getByRole('option', { name: otherName }).first().click();
    await dialog.getByRole('textbox').last().fill('100');
    await dialog.getByRole('button', { name: '+' }).click();
    await shot(page, 'trx-edit-worker-modal');
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Item successfully edited!').waitFor({ timeout: 20_000 });
    check(true, "'Item successfully edited!'");
    await reloaded;
    await page.getByTestId('receipt-paper').waitFor({ timeout: 20_000 });
    const after = (await page.getByTestId('receipt-paper').textContent()) ?? '';
    check(
      after.includes(`Handled by ${otherName}`),
      `after the reload the receipt shows 'Handled by ${otherName}'`,
    );
    await shot(page, 'trx-edit-after-reload');

    const server2 = await api(`cashier/pos-trx/${sale.local_trx_id}`, { tokens: kasir });
    const line = (server2.details as Doc[])[0] as Doc & { commission_workers: { commission_worker: Doc }[] };
    check(
      line.commission_workers.some((s) => s.commission_worker.firstname === other.firstname),
      'the server holds the new worker',
    );
    check((server2.trx_edits as unknown[]).length === 1, 'the server keeps the edit in its history');
  } finally {
    await browser.close();
    stopServer(server);
  }
  if (failures) {
    console.error(`${failures} check(s) failed`);
    process.exitCode = 1;
  }
}

void main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
