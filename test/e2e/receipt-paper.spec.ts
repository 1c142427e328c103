// The printed receipt in a real browser against the real server (000 §2 "Printed receipt page", 003 §9
// templates and totals order): DETAILED and SIMPLE on 8 cm and 6 cm paper — the receipt's text, the
// paper's width and the @page rule a print sets — and a 70-line sale printed to PDF comes out whole
// (one PDF page per printed part: the receipt and its order-detail page). Screenshots in
// test-artifacts/e2e/receipt-paper-*.png.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { MEMBER_GOLD } from '../../server/db/demo/promos';
import { posTransactionSchema } from '../../src/domain';
import { formatMoney } from '../../src/domain/money';
import {
  priceTransaction,
  type TransactionTotals,
  totalsToTransactionFields,
} from '../../src/domain/pricing';
import { formatOutletStamp } from '../../src/domain/time';
import { e2eFixture } from './fixture';
import { newContext, screenshot } from './harness';
import { type Doc, serverApi, type Tokens } from './server-api';

const GOLD = (() => {
  const c = demoBusiness(new Date()).customers.find(
    (x) => x.membership?.business_membership_id === MEMBER_GOLD,
  );
  if (!c) throw new Error('no Gold member in the demo');
  return c;
})();

type Item = Doc & {
  pos_item_id: number;
  item_name: string;
  item_nature?: string;
  is_package?: number;
  is_stock_out_required?: number;
  pos_item_variants: (Doc & { pos_item_variant_id: number })[];
};
interface Config {
  pos_items: Item[];
  payment_method: Doc[];
  sales_type: Doc[];
  commission_worker: Doc[];
  tax: (Doc & { tax_percent: number }) | null;
  service_charge: Doc[];
  additional_charge: Doc[];
}

const e2e = e2eFixture();
let context: BrowserContext;

afterAll(async () => {
  await context?.close();
});

const api = serverApi(() => e2e.server.url);

interface PostedSale {
  local_trx_id: string;
  totals: TransactionTotals;
  paid: number;
  services: string[];
  retail: string[];
}

/**
 * Posts a completed cash sale through the real ingest, priced by src/domain: `lines` entries pick a
 * served service or retail item; services carry a worker, the first one a 10% custom discount; the
 * customer is a 10% member (a typed global discount). `template` prints it with its own snapshot.
 */
async function postSale(
  tokens: Tokens,
  config: Config,
  lines: ('service' | 'retail')[],
  template?: 'DETAILED' | 'SIMPLE',
): Promise<PostedSale> {
  const usable = config.pos_items.filter((i) => !Number(i.is_package) && !Number(i.is_stock_out_required));
  const services = usable.filter((i) => i.item_nature === 'SERVICE').slice(0, 8);
  const retail = usable.filter((i) => i.item_nature === 'RETAIL').slice(0, 4);
  const w = config.commission_worker[0];
  const worker = {
    business_commission_worker_id: w.business_commission_worker_id,
    firstname: w.firstname,
    lastname: w.lastname ?? null,
    initial: w.initial ?? null,
  };
  const picked: Item[] = [];
  const details = lines.map((kind, n) => {
    const it = kind === 'service' ? services[n % services.length] : retail[n % retail.length];
    picked.push(it);
    return {
      local_trx_detail_id: randomUUID(),
      itemMeta: { ...it, pos_item_variants: [it.pos_item_variants[0]] },
      pos_item_id: it.pos_item_id,
      pos_item_variant_id: it.pos_item_variants[0].pos_item_variant_id,
      qty: 1,
      pos_sales_type: config.sales_type[0] ?? null,
      ...(kind === 'service'
        ? {
            commission_workers: [{ commission_worker: worker, percentage: 100 }],
            business_commission_worker_id: worker.business_commission_worker_id,
          }
        : {}),
      ...(n === 0 && kind === 'service'
        ? { custom_discount_type: 'percentage', custom_discount_value: 10 }
        : {}),
    };
  });
  const base = {
    local_trx_id: randomUUID(),
    trx_status_id: 3,
    trx_type: 'NORMAL',
    // sold now: the member's period (from the demo's seeding) covers it
    trx_local_start_time: formatOutletStamp(new Date(Date.now() - 60_000)),
    trx_local_end_time: formatOutletStamp(new Date()),
    order_no: 12,
    // a Gold member as the lookup gives her: the server allows only the member's own level
    customer: {
      user_code: GOLD.user_code,
      user_name: GOLD.user_name,
      discount_level: { discount_level_id: 2, level_name: 'Gold 10%', reward_value: 10 },
    },
    details,
    ...(template ? { cashier_configs: { receipt_template: template } } : {}),
  };
  const pricing = {
    tax: config.tax as never,
    service_charge: config.service_charge as never,
    additional_charge: config.additional_charge as never,
  };
  const totals = priceTransaction(posTransactionSchema.parse(base), pricing);
  const fields = totalsToTransactionFields(totals);
  const cash = config.payment_method.find((m) => m.payment_method_name === 'Cash');
  const paid = Math.ceil(fields.drv_grand_total / 50_000) * 50_000 + 50_000;
  const payments = [
    {
      local_payment_id: randomUUID(),
      payment_type: 'NORMAL',
      payment_amount: paid,
      payment_charge: 0,
      payment_method: cash,
    },
  ];
  await api('cashier/pos-trx', {
    method: 'POST',
    tokens,
    body: { is_offline: 0, trxs: [{ ...base, ...fields, payments }] },
  });
  const names = (nature: string) => [
    ...new Set(picked.filter((i) => i.item_nature === nature).map((i) => i.item_name)),
  ];
  return {
    local_trx_id: base.local_trx_id,
    totals,
    paid,
    services: names('SERVICE'),
    retail: names('RETAIL'),
  };
}

/** The first of `parts` missing from `t` in that order, or null. */
const missingInOrder = (t: string, parts: string[]): string | null => {
  let at = 0;
  for (const p of parts) {
    const i = t.indexOf(p, at);
    if (i < 0) return p;
    at = i + p.length;
  }
  return null;
};

/** The paper's visible text (its stylesheet left out). */
const paperText = (page: Page) =>
  page.getByTestId('receipt-paper').evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const s of copy.querySelectorAll('style')) s.remove();
    return copy.textContent ?? '';
  });

/** The @page rule the last print set. */
const pageRule = (page: Page) =>
  page.evaluate(() => document.getElementById('serambi-receipt-page')?.textContent ?? '');

/** Sets a Home device setting (a segmented control's label) and waits until it is checked. */
async function device(page: Page, label: string, value: string) {
  await page.goto(`${e2e.server.url}/`);
  await page.getByTestId('device-settings').waitFor({ timeout: 20_000 });
  await page.getByTestId('device-settings').getByText(label, { exact: true }).click();
  await page.waitForFunction(
    (v) =>
      Array.from(document.querySelectorAll('input:checked')).some((i) => (i as HTMLInputElement).value === v),
    value,
  );
}

/** The PDF's pages with their MediaBox width in points. */
function pdfPages(pdf: Buffer): { count: number; widthsPt: number[] } {
  const text = pdf.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  const widthsPt = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+[\d.]+\s*\]/g)].map((m) =>
    Number(m[1]),
  );
  return { count, widthsPt };
}

const ROLL_MM = { '8cm': 80, '6cm': 58 } as const;
const PRINT_MM = { '8cm': 72, '6cm': 52 } as const;
const MM_PX = 96 / 25.4;

describe('printed receipt: templates × paper, and a long receipt printed whole', () => {
  it('DETAILED and SIMPLE on 8 cm and 6 cm; 70 lines print as one page per printed part', async () => {
    const started = Date.now();
    const tokens = (await api('cashier/pos/auth/sign-in', {
      method: 'POST',
      body: { email: 'kasir@serambi.id', password: 'demo1234', subscription_user_type_status: 'cashier' },
    })) as unknown as Tokens;
    const config = (await api('cashier/config?outlet_id=1', { tokens })) as unknown as Config;
    const mix: ('service' | 'retail')[] = ['service', 'service', 'retail'];
    const [detailed, simple, long] = await Promise.all([
      postSale(tokens, config, mix, 'DETAILED'),
      postSale(tokens, config, mix, 'SIMPLE'),
      postSale(
        tokens,
        config,
        Array.from({ length: 70 }, (_, i) => (i % 4 === 3 ? 'retail' : 'service')),
      ),
    ]);
    const tax = `Tax (${config.tax?.tax_percent}%)`;

    context = await newContext(e2e.browser);
    // The print dialog is the browser's: counted, not shown (the @page rule is what a print sets).
    await context.addInitScript(() => {
      const w = window as unknown as { __prints: number };
      w.__prints = 0;
      window.print = () => {
        w.__prints += 1;
      };
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    await page.goto(`${e2e.server.url}/sign-in`);
    await page.getByLabel('Email').fill('demo@serambi.id');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/choose-outlet', { timeout: 30_000 });
    await page.getByText('Serambi Salon Kemang').click();
    await page.waitForURL(`${e2e.server.url}/`, { timeout: 30_000 });

    for (const paper of ['8cm', '6cm'] as const) {
      if (paper === '6cm') await device(page, '6cm', '6cm');
      for (const [template, sale] of [
        ['DETAILED', detailed],
        ['SIMPLE', simple],
      ] as const) {
        await page.goto(`${e2e.server.url}/pos/receipt/${sale.local_trx_id}/view`);
        const el = page.getByTestId('receipt-paper');
        await el.waitFor({ timeout: 20_000 });
        expect(await el.getAttribute('data-paper')).toBe(paper);
        const width = await el.evaluate((e) => (e as HTMLElement).getBoundingClientRect().width);
        // the printable width plus 4 mm padding each side
        expect(Math.abs(width - (PRINT_MM[paper] + 8) * MM_PX)).toBeLessThan(2);

        const t = await paperText(page);
        const m = formatMoney;
        const s = sale.totals;
        const head = [
          'Customer',
          GOLD.user_name,
          'Receipt Number',
          sale.local_trx_id.slice(-6).toUpperCase(),
        ];
        const tail = [
          ...(s.drv_total_service_charge > 0 ? ['Service Charge', m(s.drv_total_service_charge)] : []),
          tax,
          m(s.drv_tax),
          'TOTAL',
          m(s.drv_grand_total),
          'Cash',
          m(sale.paid),
          'Change',
          m(sale.paid - s.drv_grand_total),
        ];
        if (template === 'DETAILED') {
          expect(
            missingInOrder(t, [
              ...head,
              'SERVICES',
              ...sale.services,
              'Total Service',
              'ITEMS (RETAIL)',
              ...sale.retail,
              'Total Retail',
              'Subtotal',
              m(s.drv_gross_total),
              'Discount',
              `-${m(s.item_discount_total + s.drv_total_discount_nominal)}`,
              // ruling 28: the Discount line's parts by name, the item promotion then the transaction discount
              'C. Disc 10%',
              `-${m(s.item_discount_total)}`,
              'Member Discount',
              `-${m(s.drv_total_discount_nominal)}`,
              ...tail,
            ]),
            t,
          ).toBeNull();
        } else {
          expect(
            missingInOrder(t, [
              ...head,
              sale.services[0],
              'C. Disc 10%',
              ...sale.services.slice(1),
              ...sale.retail,
              'Subtotal',
              m(s.drv_subtotal),
              'Member Discount - 10%',
              `-${m(s.drv_total_discount_nominal)}`,
              ...tail,
            ]),
            t,
          ).toBeNull();
          for (const heading of ['SERVICES', 'ITEMS (RETAIL)', 'Total Service'])
            expect(t).not.toContain(heading);
        }
        await page.getByRole('button', { name: 'Print', exact: true }).click();
        await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
        expect(await pageRule(page)).toMatch(
          new RegExp(`^@page \\{ size: ${ROLL_MM[paper]}mm \\d+mm; margin: 0; \\}$`),
        );
        await screenshot(page, `receipt-paper-${template.toLowerCase()}-${paper}`);
      }

      // 70 lines: the legitimate receipt with its order-detail page (TABLET: printed on demand).
      await device(page, 'Tablet', 'TABLET');
      await page.goto(`${e2e.server.url}/pos/receipt/${long.local_trx_id}/print`);
      await page.getByTestId('receipt-paper').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-receipt-page="receipt"] [data-testid="receipt-item"]').count()).toBe(
        70,
      );
      const parts = await page.locator('[data-receipt-page]').count();
      expect(parts).toBe(2);
      await page.getByRole('button', { name: 'Print Struk' }).click();
      await page.waitForFunction(() => (window as unknown as { __prints: number }).__prints === 1);
      expect(await pageRule(page)).toMatch(
        new RegExp(`^@page \\{ size: ${ROLL_MM[paper]}mm \\d+mm; margin: 0; \\}$`),
      );
      const pdf = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      expect(pdf.count, `PDF pages for ${parts} printed parts on ${paper}`).toBe(parts);
      // every page is the roll's width (points: 72 per inch)
      expect(pdf.widthsPt).toHaveLength(parts);
      for (const w of pdf.widthsPt) expect(Math.abs(w - (ROLL_MM[paper] / 25.4) * 72)).toBeLessThan(1);
      await page.emulateMedia({ media: 'print' });
      await screenshot(page, `receipt-paper-70-lines-${paper}-print`);
      await page.emulateMedia({ media: 'screen' });
      await device(page, 'Desktop', 'DESKTOP');
    }
    console.log(`receipt-paper: ${((Date.now() - started) / 1000).toFixed(1)} s after the server started`);
  });
});
