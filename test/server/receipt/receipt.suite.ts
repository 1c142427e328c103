// Receipts (issue 5, server): public receipt, transaction by id, receipt-send, post-edit, outboxes.
// Run on PGlite (receipt.test.ts) and on PostgreSQL (receipt.pg.test.ts). Sales go in through the real
// ingest (POST cashier/pos-trx), built as the cashier builds them (test/server/pos/fixtures.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { MEMBER_GOLD } from '../../../server/db/demo/promos';
import { smtpEmailSender } from '../../../server/integrations/email';
import { httpSmsSender } from '../../../server/integrations/sms';
import {
  deliverQueuedEmails,
  MAX_EMAIL_ATTEMPTS,
  RETRY_SCHEDULE_MS,
} from '../../../server/services/email-outbox';
import { deliverQueuedSms, MAX_SMS_ATTEMPTS } from '../../../server/services/sms-outbox';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import {
  publicReceiptResponse,
  receiptSendResponse,
  storedTrxResponse,
} from '../../../src/api/contract/receipt';
import { formatMoney } from '../../../src/domain/money';
import { RECEIPT_MESSAGES } from '../../../src/domain/texts/receipt';
import { API_MESSAGES } from '../../../src/domain/texts/server';
import { type Backend, call, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { item, line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';
import { type LoopbackGateway, type LoopbackSmtp, startSmsGateway, startSmtp } from './loopback';

type Doc = Record<string, unknown>;

function expectError(
  r: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  field?: string,
) {
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  const body = errorEnvelope.parse(r.json());
  expect(body.error.message).toBe(message);
  if (field !== undefined) expect(body.error.field).toBe(field);
}

const CREAMBATH = 1005; // a service
const POTONG_WANITA = 1001; // a service that allows a custom discount (up to 20 %)
const PACKAGE = 1093; // Paket Rambut Sehat: a package of services

export function receiptSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens & { business_user_id?: unknown };
  let kemang: ServedConfig & { commission_worker: Doc[] };
  let smtp: LoopbackSmtp;
  let gateway: LoopbackGateway;

  const q = <T extends Record<string, unknown>>(query: string, params: unknown[] = []) =>
    s.database.withConnection((c) => c.query<T>(query, params));

  /**
   * Stores a Kemang sale (retail ×2, a service with a worker) through the real ingest; cash paid above
   * the total, so there is Change. `template` prints it with its own snapshot's receipt_template;
   * `lineDiscount` gives the service a custom percentage discount (on an item whose is_custom_discount is 1:
   * the server refuses one elsewhere).
   */
  async function storedSale(
    opts: { customer?: Doc | null; template?: 'DETAILED' | 'SIMPLE'; lineDiscount?: number } = {},
  ) {
    const worker = kemang.commission_worker[0];
    const service = {
      ...line(kemang, opts.lineDiscount ? POTONG_WANITA : CREAMBATH),
      commission_worker: worker,
      ...(opts.lineDiscount
        ? { custom_discount_type: 'percentage', custom_discount_value: opts.lineDiscount }
        : {}),
    };
    const snapshot = opts.template
      ? {
          cashier_configs: {
            business_outlet_id: kemang.business_outlet_id,
            tax: kemang.tax,
            service_charge: kemang.service_charge,
            additional_charge: kemang.additional_charge,
            receipt_template: opts.template,
          },
        }
      : {};
    const customer = opts.customer ?? null;
    const draft = sale(kemang, [line(kemang, RETAIL, 2), service], { customer, extra: snapshot });
    const paid = Math.ceil(draft.drv_grand_total / 50_000) * 50_000 + 50_000;
    const trx = sale(kemang, draft.details as Doc[], {
      customer,
      payments: [{ name: 'Cash', amount: paid }],
      extra: { local_trx_id: draft.local_trx_id, ...snapshot },
    });
    const r = await submit(s.app, owner, [trx]);
    expect(r.statusCode, r.body).toBe(200);
    return { trx, paid };
  }

  const getTrx = (t: Tokens, id: string) => call(s.app, t, { method: 'GET', url: `/cashier/pos-trx/${id}` });
  const send = (t: Tokens | null, payload: Doc) =>
    call(s.app, t, { method: 'POST', url: '/cashier/pos/receipt-send', payload });
  const view = (token: string) => s.app.inject({ method: 'GET', url: `/cashier/pos/receipt-view/${token}` });
  const put = (t: Tokens, payload: Doc) =>
    call(s.app, t, { method: 'PUT', url: '/cashier/pos-trx-detail', payload });

  beforeAll(async () => {
    s = await startTestServer(backend);
    smtp = await startSmtp();
    gateway = await startSmsGateway();
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = (await outletConfig(s.app, owner, 1)) as typeof kemang;
    s.app.deps.publicUrl = 'https://struk.serambi.test';
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
    await gateway?.close();
  });

  describe('transaction by local_trx_id', () => {
    it('answers the stored sale with its server fields, a receipt token and no edits yet', async () => {
      const { trx } = await storedSale();
      const r = await getTrx(owner, trx.local_trx_id);
      expect(r.statusCode, r.body).toBe(200);
      const data = storedTrxResponse.parse(r.json().data);
      expect(data.local_trx_id).toBe(trx.local_trx_id);
      expect(data.trx_id).toMatch(/^KMG-\d{8}-\d{4}$/);
      expect(data.trx_status_id).toBe(3);
      expect(data.drv_grand_total).toBe(trx.drv_grand_total);
      expect(data.trx_edits).toEqual([]);
      // the same token on every read (created once, lazily)
      const again = storedTrxResponse.parse((await getTrx(owner, trx.local_trx_id)).json().data);
      expect(again.receipt_token).toBe(data.receipt_token);
    });

    it('the token carries at least 128 random bits (32 bytes, base64url)', async () => {
      const { trx } = await storedSale();
      const token = storedTrxResponse.parse(
        (await getTrx(owner, trx.local_trx_id)).json().data,
      ).receipt_token;
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const other = await storedSale();
      const token2 = storedTrxResponse.parse(
        (await getTrx(owner, other.trx.local_trx_id)).json().data,
      ).receipt_token;
      expect(token2).not.toBe(token);
    });

    it("only the session outlet's own sales: another outlet's sale and an unknown id read as missing", async () => {
      const { trx } = await storedSale();
      const menteng = await signIn(s.app, 'demo@serambi.id');
      await outletConfig(s.app, menteng, 2);
      expectError(await getTrx(menteng, trx.local_trx_id), 400, RECEIPT_MESSAGES.trxNotFound, 'local_trx_id');
      expectError(await getTrx(owner, randomUUID()), 400, RECEIPT_MESSAGES.trxNotFound, 'local_trx_id');
    });

    it('needs a session (303)', async () => {
      const { trx } = await storedSale();
      expectError(
        await getTrx({ client_key: 'x', login_token: 'y' }, trx.local_trx_id),
        303,
        API_MESSAGES.sessionExpired,
      );
    });
  });

  describe('public receipt', () => {
    it('answers the sale with its own cashier_configs, without a session, and prints no private customer data', async () => {
      const customer = {
        user_code: null,
        user_name: 'Rina Wijaya',
        user_phone: '+6281299990001',
        user_identifier_type: 'phone',
        user_identifier_string: '+6281299990001',
        user_email: 'rina@example.id',
        user_notes: 'alergi',
      };
      const { trx } = await storedSale({ customer });
      const token = storedTrxResponse.parse(
        (await getTrx(owner, trx.local_trx_id)).json().data,
      ).receipt_token;
      const r = await view(token);
      expect(r.statusCode, r.body).toBe(200);
      const data = publicReceiptResponse.parse(r.json().data);
      expect(data.local_trx_id).toBe(trx.local_trx_id);
      expect(data.drv_grand_total).toBe(trx.drv_grand_total);
      expect(data.details).toHaveLength(2);
      expect(data.payments).toHaveLength(1);
      expect(data.cashier_configs.brand_name).toBe('Serambi Beauty');
      expect(data.cashier_configs.receipt_template).toBe('DETAILED');
      expect(String(data.cashier_configs.receipt_footer)).toContain('Terima kasih');
      expect(data.cashier_configs.tax).toEqual(kemang.tax);
      expect(data.cashier_configs.business_user_id).toBeUndefined();
      expect(data.customer?.user_name).toBe('Rina Wijaya');
      const body = r.body;
      expect(body).not.toContain('rina@example.id');
      expect(body).not.toContain('alergi');
      expect(data.customer).not.toHaveProperty('user_phone');
    });

    it('an unknown or malformed token answers 404 with a message and reveals nothing', async () => {
      const { trx } = await storedSale();
      const token = storedTrxResponse.parse(
        (await getTrx(owner, trx.local_trx_id)).json().data,
      ).receipt_token;
      const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const t of [forged, 'x', trx.local_trx_id, '%20']) {
        const r = await view(t);
        expectError(r, 404, RECEIPT_MESSAGES.receiptNotFound);
        expect(r.body).not.toContain(trx.local_trx_id);
      }
    });

    it("another sale's token reveals only that other sale", async () => {
      const a = await storedSale();
      const b = await storedSale();
      const tokenB = storedTrxResponse.parse(
        (await getTrx(owner, b.trx.local_trx_id)).json().data,
      ).receipt_token;
      const r = await view(tokenB);
      expect(r.json().data.local_trx_id).toBe(b.trx.local_trx_id);
      expect(r.body).not.toContain(a.trx.local_trx_id);
    });
  });

  describe('receipt-send', () => {
    it('validates with the spec messages', async () => {
      const { trx } = await storedSale();
      const id = trx.local_trx_id;
      expectError(
        await send(owner, { local_trx_id: id, receipt_type: 'phone' }),
        400,
        'Phone number is required',
        'phone',
      );
      expectError(
        await send(owner, { local_trx_id: id, receipt_type: 'phone', phone: '  ' }),
        400,
        'Phone number is required',
        'phone',
      );
      expectError(
        await send(owner, { local_trx_id: id, receipt_type: 'phone', phone: '+62812345' }),
        400,
        'Phone number can only contain numbers',
        'phone',
      );
      expectError(
        await send(owner, { local_trx_id: id, receipt_type: 'text', phone: '0812-345' }),
        400,
        'Phone number can only contain numbers',
        'phone',
      );
      expectError(
        await send(owner, { local_trx_id: id, receipt_type: 'email', email: '' }),
        400,
        'Email is required',
        'email',
      );
      expectError(
        await send(owner, { local_trx_id: id, receipt_type: 'fax' }),
        400,
        API_MESSAGES.invalidInput,
        'receipt_type',
      );
      expectError(
        await send(owner, { receipt_type: 'text', phone: '0812' }),
        400,
        RECEIPT_MESSAGES.localTrxIdRequired,
        'local_trx_id',
      );
      expectError(
        await send(owner, { local_trx_id: randomUUID(), receipt_type: 'text', phone: '0812' }),
        400,
        RECEIPT_MESSAGES.trxNotFound,
        'local_trx_id',
      );
    });

    it("'text' answers the message with the public link and queues nothing", async () => {
      const { trx } = await storedSale();
      const before = await q<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox');
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'text',
        phone: '08123456789',
      });
      expect(r.statusCode, r.body).toBe(200);
      const data = receiptSendResponse.parse(r.json().data);
      expect(data.receipt_url).toBe(`https://struk.serambi.test/receipt/${data.receipt_token}`);
      expect(data.message).toContain(data.receipt_url);
      expect(data.message).toContain(trx.local_trx_id.slice(-6).toUpperCase());
      expect(data.outbox_id).toBeNull();
      expect(await q<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox')).toEqual(before);
      // the link opens the public receipt of this sale
      expect((await view(data.receipt_token)).json().data.local_trx_id).toBe(trx.local_trx_id);
    });

    it("'phone' queues an SMS with the link; the HTTP gateway receives it (number as ruling 9)", async () => {
      const { trx } = await storedSale();
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'phone',
        phone: '081234567890',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe('SMS Berhasil dikirimkan');
      const data = receiptSendResponse.parse(r.json().data);
      const [row] = await q<{ to_phone: string; message: string; status: string }>(
        'SELECT to_phone, message, status FROM sms_outbox WHERE sms_id = $1',
        [data.outbox_id],
      );
      expect(row).toEqual({ to_phone: '6281234567890', message: data.message, status: 'queued' });
      expect(row.message).toContain(`/receipt/${data.receipt_token}`);

      s.app.deps.integrations.sms = httpSmsSender({ url: gateway.url, token: gateway.token });
      expect(await deliverQueuedSms(s.app.deps)).toEqual({ sent: 1, failed: 0 });
      expect(gateway.received.at(-1)).toEqual({
        to: '6281234567890',
        message: data.message,
        authorization: `Bearer ${gateway.token}`,
      });
      const [after] = await q<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM sms_outbox WHERE sms_id = $1',
        [data.outbox_id],
      );
      expect(after).toEqual({ status: 'sent', attempts: 1 });
    });

    it('without a gateway (the demo) the SMS stays readable in sms_outbox as stored', async () => {
      const { trx } = await storedSale();
      s.app.deps.integrations.sms = undefined;
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'phone',
        phone: '6281200001111',
      });
      const id = receiptSendResponse.parse(r.json().data).outbox_id;
      expect(await deliverQueuedSms(s.app.deps)).toEqual({ sent: 0, failed: 0, stored: 1 });
      const [row] = await q<{ status: string; message: string }>(
        'SELECT status, message FROM sms_outbox WHERE sms_id = $1',
        [id],
      );
      expect(row.status).toBe('stored');
      expect(row.message).toContain('/receipt/');
      expect(await deliverQueuedSms(s.app.deps)).toEqual({ sent: 0, failed: 0 });
    });

    /** Sends the sale's receipt by e-mail and delivers it to the loopback SMTP server: the mail as read. */
    async function mailed(local_trx_id: string, email: string) {
      const r = await send(owner, { local_trx_id, receipt_type: 'email', email });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe('Email Berhasil dikirimkan');
      const data = receiptSendResponse.parse(r.json().data);
      const sender = smtpEmailSender({ url: smtp.url, from: 'Serambi <struk@serambi.test>' });
      s.app.deps.integrations.email = sender;
      try {
        expect(await deliverQueuedEmails(s.app.deps)).toEqual({ sent: 1, failed: 0 });
      } finally {
        sender.close();
      }
      const mail = smtp.received.at(-1);
      expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(email);
      return { data, mail, html: String(mail?.html ?? ''), text: String(mail?.text ?? '') };
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

    it("'email' delivers over real SMTP: the DETAILED receipt's sections, totals in the spec's order and the link", async () => {
      const { trx, paid } = await storedSale({ lineDiscount: 10 });
      const { data, mail, html, text } = await mailed(trx.local_trx_id, 'rina@example.id');
      expect(mail?.from?.text).toContain('struk@serambi.test');
      expect(mail?.subject).toContain(trx.local_trx_id.slice(-6).toUpperCase());
      expect(html).toContain(`href="${data.receipt_url}"`);
      expect(text).toContain(data.receipt_url);
      const t = trx as unknown as Record<string, number>;
      // Kemang prints DETAILED: gross Subtotal, item + global discounts in one Discount line
      expect(t.drv_gross_total).toBeGreaterThan(t.drv_subtotal);
      const expected = [
        'SERVICES',
        'Total Service: ',
        'ITEMS (RETAIL)',
        'Total Retail: ',
        `Subtotal: ${formatMoney(t.drv_gross_total)}`,
        `Discount: -${formatMoney(t.drv_gross_total - t.drv_subtotal + t.drv_total_discount_nominal)}`,
        `Service Charge: ${formatMoney(t.drv_total_service_charge)}`,
        `Tax (11%): ${formatMoney(t.drv_tax)}`,
        `TOTAL: ${formatMoney(t.drv_grand_total)}`,
        `Cash: ${formatMoney(paid)}`,
        `Change: ${formatMoney(paid - t.drv_grand_total)}`,
      ];
      expect(missingInOrder(text, expected), text).toBeNull();
      for (const amount of [t.drv_gross_total, t.drv_tax, t.drv_grand_total])
        expect(html).toContain(formatMoney(amount));
      expect(missingInOrder(html, ['SERVICES', 'ITEMS (RETAIL)', 'Subtotal', 'TOTAL', 'Change'])).toBeNull();
    });

    it("a SIMPLE receipt is e-mailed SIMPLE: no sections, Subtotal after line discounts, the typed 'Member Discount' line", async () => {
      // a Gold member as the lookup gives her (the server allows only the member's own level)
      const gold = demoBusiness(s.clock.now()).customers.find(
        (c) => c.membership?.business_membership_id === MEMBER_GOLD,
      );
      if (!gold) throw new Error('no Gold member in the demo');
      const customer = {
        user_code: gold.user_code,
        user_name: gold.user_name,
        discount_level: { discount_level_id: 2, level_name: 'Gold 10%', reward_value: 10 },
      };
      const { trx, paid } = await storedSale({ template: 'SIMPLE', lineDiscount: 10, customer });
      const { data, html, text } = await mailed(trx.local_trx_id, 'simple@example.id');
      const t = trx as unknown as Record<string, number>;
      const expected = [
        `Customer: ${gold.user_name}`,
        `Subtotal: ${formatMoney(t.drv_subtotal)}`,
        `Member Discount - 10%: -${formatMoney(t.drv_total_discount_nominal)}`,
        `Service Charge: ${formatMoney(t.drv_total_service_charge)}`,
        `Tax (11%): ${formatMoney(t.drv_tax)}`,
        `TOTAL: ${formatMoney(t.drv_grand_total)}`,
        `Cash: ${formatMoney(paid)}`,
        `Change: ${formatMoney(paid - t.drv_grand_total)}`,
        data.receipt_url,
      ];
      expect(missingInOrder(text, expected), text).toBeNull();
      for (const heading of ['SERVICES', 'ITEMS (RETAIL)', 'Total Service', 'Total Retail']) {
        expect(text).not.toContain(heading);
        expect(html).not.toContain(heading);
      }
      expect(html).toContain('Member Discount - 10%');
      expect(html).toContain(`href="${data.receipt_url}"`);
    });

    it('refused by the role flag (403); the public receipt still needs none', async () => {
      const { trx } = await storedSale();
      const token = storedTrxResponse.parse(
        (await getTrx(owner, trx.local_trx_id)).json().data,
      ).receipt_token;
      await q(`UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CASHIER_SYSTEM":0}'::jsonb
               WHERE business_user_group_id = 3`);
      try {
        const dokter = await signIn(s.app, 'dokter@serambi.id');
        expectError(
          await send(dokter, { local_trx_id: trx.local_trx_id, receipt_type: 'text', phone: '0812' }),
          403,
          API_MESSAGES.forbidden,
        );
        expectError(await getTrx(dokter, trx.local_trx_id), 403, API_MESSAGES.forbidden);
        expectError(
          await put(dokter, { edit_session_id: randomUUID(), input_data: trx }),
          403,
          API_MESSAGES.forbidden,
        );
        expect((await view(token)).statusCode).toBe(200);
      } finally {
        await q(`UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"CASHIER_SYSTEM":1}'::jsonb
                 WHERE business_user_group_id = 3`);
      }
    });
  });
  describe('post-edit (PUT cashier/pos-trx-detail)', () => {
    const stored = async (id: string) => storedTrxResponse.parse((await getTrx(owner, id)).json().data);

    it('accepts a worker change: new version stored, history kept, visible on reload; a repeat writes nothing', async () => {
      const { trx } = await storedSale();
      const before = await stored(trx.local_trx_id);
      const other = kemang.commission_worker[1];
      const edited = structuredClone(before) as Doc & { details: Doc[] };
      const session = randomUUID();
      edited.details[1] = {
        ...edited.details[1],
        commission_worker: other,
        business_commission_worker_id: other.business_commission_worker_id,
        edit_session_id: session,
        last_printed_at: '2026-11-22 10:00:00',
      };
      const r = await put(owner, { edit_session_id: session, input_data: edited });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe('Item successfully edited!');

      const reloaded = await stored(trx.local_trx_id);
      expect((reloaded.details[1].commission_worker as Doc).business_commission_worker_id).toBe(
        other.business_commission_worker_id,
      );
      expect(reloaded.details[1].edit_session_id).toBe(session);
      expect(reloaded.drv_grand_total).toBe(trx.drv_grand_total);
      expect(reloaded.trx_edits).toHaveLength(1);
      expect(reloaded.trx_edits[0]).toMatchObject({
        edit_session_id: session,
        business_user_id: Number(owner.business_user_id),
      });
      const [row] = await q<{ before_worker: number; after_worker: number; detail_worker: number }>(
        `SELECT (e.before->'details'->1->'commission_worker'->>'business_commission_worker_id')::int AS before_worker,
                (e.after->'details'->1->'commission_worker'->>'business_commission_worker_id')::int AS after_worker,
                d.business_commission_worker_id AS detail_worker,
                -- the reports' copy of the line's workers (0069) and their figures (0070) follow the edit
                (d.worker_doc->'commission_worker'->>'business_commission_worker_id')::int AS report_worker,
                (d.worker_parts->0->>'w')::int AS parts_worker
         FROM trx_edits e JOIN pos_sales_trx_heads h USING (local_trx_id)
         JOIN pos_sales_trx_details d ON d.pos_sales_trx_head_id = h.pos_sales_trx_head_id AND d.line_no = 2
         WHERE e.edit_session_id = $1`,
        [session],
      );
      expect(row).toEqual({
        before_worker: Number(kemang.commission_worker[0].business_commission_worker_id),
        after_worker: Number(other.business_commission_worker_id),
        detail_worker: Number(other.business_commission_worker_id),
        report_worker: Number(other.business_commission_worker_id),
        parts_worker: Number(other.business_commission_worker_id),
      });

      // the same edit session again (a retried PUT): the same answer, no second history entry
      const again = await put(owner, { edit_session_id: session, input_data: edited });
      expect(again.statusCode, again.body).toBe(200);
      expect((await stored(trx.local_trx_id)).trx_edits).toHaveLength(1);
      // the receipt views show the new worker
      const pub = await view(reloaded.receipt_token);
      expect((pub.json().data.details[1].commission_worker as Doc).business_commission_worker_id).toBe(
        other.business_commission_worker_id,
      );
    });

    it('refuses anything but workers (qty, price, discount, payments, customer) with 400 naming the field', async () => {
      const { trx } = await storedSale();
      const base = await stored(trx.local_trx_id);
      const cases: [string, (d: Doc & { details: Doc[]; payments: Doc[] }) => void][] = [
        [
          'input_data.details.0.qty',
          (d) => {
            d.details[0].qty = 3;
          },
        ],
        [
          'input_data.details.0.itemMeta.pos_item_variants.0.variant_price',
          (d) => {
            ((d.details[0].itemMeta as Doc).pos_item_variants as Doc[])[0].variant_price = 1;
          },
        ],
        [
          'input_data.details.1.custom_discount_value',
          (d) => {
            d.details[1].custom_discount_value = 10;
          },
        ],
        [
          'input_data.payments.0.payment_amount',
          (d) => {
            d.payments[0].payment_amount = 1;
          },
        ],
        [
          'input_data.drv_grand_total',
          (d) => {
            d.drv_grand_total = 1;
          },
        ],
        [
          'input_data.customer',
          (d) => {
            d.customer = { user_code: 'SOMEONE', user_name: 'X' };
          },
        ],
        [
          'input_data.details',
          (d) => {
            d.details.pop();
          },
        ],
      ];
      for (const [field, change] of cases) {
        const edited = structuredClone(base) as Doc & { details: Doc[]; payments: Doc[] };
        change(edited);
        expectError(
          await put(owner, { edit_session_id: randomUUID(), input_data: edited }),
          400,
          RECEIPT_MESSAGES.onlyWorkersEditable,
          field,
        );
      }
      const after = await stored(trx.local_trx_id);
      expect(after.trx_edits).toEqual([]);
      expect(after.details[0].qty).toBe(base.details[0].qty);
    });

    /** A stored Kemang sale of one package line, its items as the catalogue serves them. */
    async function storedPackageSale() {
      const details = (item(kemang, PACKAGE).pos_item_package_details as Doc[]).map((d) => ({
        ...d,
        pos_item_package_detail_variants: ((d.pos_item_package_detail_variants ?? []) as Doc[]).map(
          (v, i) => ({
            ...v,
            is_chosen: i === 0 ? 1 : 0,
          }),
        ),
      }));
      expect(details.length).toBeGreaterThanOrEqual(2);
      const trx = sale(kemang, [
        { ...line(kemang, PACKAGE), is_package: 1, pos_item_package_details: details },
      ]);
      const r = await submit(s.app, owner, [trx]);
      expect(r.statusCode, r.body).toBe(200);
      return stored(trx.local_trx_id);
    }
    const packagesOf = (t: Doc & { details: Doc[] }) => t.details[0].pos_item_package_details as Doc[];

    it("accepts a change of a package item's workers (single and shared), stored and in the history", async () => {
      const before = await storedPackageSale();
      const [ani, budi, citra] = kemang.commission_worker;
      const edited = structuredClone(before) as Doc & { details: Doc[] };
      const session = randomUUID();
      packagesOf(edited)[0].business_commission_worker = ani;
      packagesOf(edited)[1].commission_workers = [
        { commission_worker: budi, percentage: 60 },
        { commission_worker: citra, percentage: 40 },
      ];
      edited.details[0].edit_session_id = session;
      const r = await put(owner, { edit_session_id: session, input_data: edited });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe('Item successfully edited!');

      const after = await stored(before.local_trx_id);
      const [first, second] = packagesOf(after as Doc & { details: Doc[] });
      expect((first.business_commission_worker as Doc).business_commission_worker_id).toBe(
        ani.business_commission_worker_id,
      );
      expect(
        (second.commission_workers as { commission_worker: Doc; percentage: number }[]).map((w) => [
          w.commission_worker.business_commission_worker_id,
          w.percentage,
        ]),
      ).toEqual([
        [budi.business_commission_worker_id, 60],
        [citra.business_commission_worker_id, 40],
      ]);
      // the rest of each package item is as sold
      expect(first.item_name).toBe(packagesOf(before as Doc & { details: Doc[] })[0].item_name);
      expect(after.details[0].edit_session_id).toBe(session);
      expect(after.drv_grand_total).toBe(before.drv_grand_total);
      expect(after.trx_edits.map((e) => e.edit_session_id)).toEqual([session]);
    });

    it("refuses a change of a package item's qty or item_name with 400 naming the field", async () => {
      const before = await storedPackageSale();
      const cases: [string, (p: Doc) => void][] = [
        [
          'input_data.details.0.pos_item_package_details.1.qty',
          (p) => {
            p.qty = Number(p.qty) + 1;
          },
        ],
        [
          'input_data.details.0.pos_item_package_details.1.item_name',
          (p) => {
            p.item_name = 'Facial Emas';
          },
        ],
      ];
      for (const [field, change] of cases) {
        const edited = structuredClone(before) as Doc & { details: Doc[] };
        // a worker change alongside does not carry the forbidden one through
        packagesOf(edited)[0].business_commission_worker = kemang.commission_worker[1];
        change(packagesOf(edited)[1]);
        expectError(
          await put(owner, { edit_session_id: randomUUID(), input_data: edited }),
          400,
          RECEIPT_MESSAGES.onlyWorkersEditable,
          field,
        );
      }
      const after = await stored(before.local_trx_id);
      expect(after.trx_edits).toEqual([]);
      expect(packagesOf(after as Doc & { details: Doc[] })).toEqual(
        packagesOf(before as Doc & { details: Doc[] }),
      );
    });

    it('needs TRX_WORKER_EDIT (002 §6): without it 403 and nothing stored; with it the same edit is accepted', async () => {
      const { trx } = await storedSale();
      const kasir = await signIn(s.app, 'kasir@serambi.id');
      await outletConfig(s.app, kasir, 1);
      const edited = structuredClone(await stored(trx.local_trx_id)) as Doc & { details: Doc[] };
      edited.details[1] = { ...edited.details[1], commission_worker: kemang.commission_worker[1] };
      const session = randomUUID();
      const setFlag = (v: 0 | 1) =>
        q(`UPDATE user_groups SET auth_role_accesses = auth_role_accesses || '{"TRX_WORKER_EDIT":${v}}'::jsonb
           WHERE business_user_group_id = 2`);
      await setFlag(0);
      try {
        expectError(
          await put(kasir, { edit_session_id: session, input_data: edited }),
          403,
          API_MESSAGES.forbidden,
        );
        expect((await stored(trx.local_trx_id)).trx_edits).toEqual([]);
        // the sale is still readable: only the edit needs the flag
        expect((await getTrx(kasir, trx.local_trx_id)).statusCode).toBe(200);
      } finally {
        await setFlag(1);
      }
      const r = await put(kasir, { edit_session_id: session, input_data: edited });
      expect(r.statusCode, r.body).toBe(200);
      expect((await stored(trx.local_trx_id)).trx_edits).toHaveLength(1);
    });

    it('validates the request and refuses an edit session used for another sale', async () => {
      const a = await stored((await storedSale()).trx.local_trx_id);
      const b = await stored((await storedSale()).trx.local_trx_id);
      expectError(
        await put(owner, { input_data: a }),
        400,
        RECEIPT_MESSAGES.editSessionRequired,
        'edit_session_id',
      );
      expectError(
        await put(owner, { edit_session_id: randomUUID() }),
        400,
        RECEIPT_MESSAGES.inputDataRequired,
        'input_data',
      );
      expectError(
        await put(owner, { edit_session_id: randomUUID(), input_data: { ...a, local_trx_id: randomUUID() } }),
        400,
        RECEIPT_MESSAGES.trxNotFound,
        'local_trx_id',
      );
      const ghost = structuredClone(a) as Doc & { details: Doc[] };
      ghost.details[1] = {
        ...ghost.details[1],
        commission_worker: { business_commission_worker_id: 987654, firstname: 'Tidak', lastname: 'Ada' },
      };
      expectError(
        await put(owner, { edit_session_id: randomUUID(), input_data: ghost }),
        400,
        RECEIPT_MESSAGES.workerNotFound,
        'input_data.details.1',
      );
      const session = randomUUID();
      expect((await put(owner, { edit_session_id: session, input_data: a })).statusCode).toBe(200);
      expectError(
        await put(owner, { edit_session_id: session, input_data: b }),
        400,
        RECEIPT_MESSAGES.editSessionUsed,
        'edit_session_id',
      );
    });
  });

  describe('at once', () => {
    it('concurrent first reads create one token and all see it', async () => {
      const { trx } = await storedSale();
      const answers = await Promise.all(Array.from({ length: 5 }, () => getTrx(owner, trx.local_trx_id)));
      const tokens = answers.map((r) => storedTrxResponse.parse(r.json().data).receipt_token);
      expect(new Set(tokens).size).toBe(1);
      const [row] = await q<{ n: number }>(
        'SELECT count(*)::int AS n FROM receipt_tokens WHERE local_trx_id = $1',
        [trx.local_trx_id],
      );
      expect(row.n).toBe(1);
    });

    it('concurrent repeats of one edit session store one edit', async () => {
      const { trx } = await storedSale();
      const edited = structuredClone(
        storedTrxResponse.parse((await getTrx(owner, trx.local_trx_id)).json().data),
      ) as Doc & { details: Doc[] };
      edited.details[1] = { ...edited.details[1], commission_worker: kemang.commission_worker[2] };
      const session = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => put(owner, { edit_session_id: session, input_data: edited })),
      );
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);
      const [row] = await q<{ n: number }>(
        'SELECT count(*)::int AS n FROM trx_edits WHERE local_trx_id = $1',
        [trx.local_trx_id],
      );
      expect(row.n).toBe(1);
    });
  });

  describe('outbox retries', () => {
    it('an SMS the gateway refuses is retried with attempts and last_error, then sent', async () => {
      const { trx } = await storedSale();
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'phone',
        phone: '81234000111',
      });
      const id = receiptSendResponse.parse(r.json().data).outbox_id;
      s.app.deps.integrations.sms = httpSmsSender({ url: gateway.url, token: gateway.token });
      gateway.failNext = 2;
      for (let i = 1; i <= 2; i++) {
        expect(await deliverQueuedSms(s.app.deps)).toEqual({ sent: 0, failed: 1 });
        const [row] = await q<{ status: string; attempts: number; last_error: string }>(
          'SELECT status, attempts, last_error FROM sms_outbox WHERE sms_id = $1',
          [id],
        );
        expect(row).toEqual({ status: 'queued', attempts: i, last_error: 'SMS gateway 503: gateway busy' });
      }
      expect(await deliverQueuedSms(s.app.deps)).toEqual({ sent: 1, failed: 0 });
      expect(gateway.received.at(-1)?.to).toBe('6281234000111');
      const [row] = await q<{ status: string; attempts: number; last_error: string | null }>(
        'SELECT status, attempts, last_error FROM sms_outbox WHERE sms_id = $1',
        [id],
      );
      expect(row).toEqual({ status: 'sent', attempts: 3, last_error: null });
    });

    it('with the retry schedule a failed message waits before its next attempt (no burst of retries)', async () => {
      const { trx } = await storedSale();
      // older queued messages of earlier tests are due at once: deliver them first
      s.app.deps.integrations.sms = httpSmsSender({ url: gateway.url, token: gateway.token });
      await deliverQueuedSms(s.app.deps);
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'phone',
        phone: '081200003333',
      });
      const id = receiptSendResponse.parse(r.json().data).outbox_id;
      gateway.failNext = 1;
      expect(await deliverQueuedSms(s.app.deps, 20, RETRY_SCHEDULE_MS)).toEqual({ sent: 0, failed: 1 });
      expect(await deliverQueuedSms(s.app.deps, 20, RETRY_SCHEDULE_MS)).toEqual({ sent: 0, failed: 0 });
      s.clock.advance(RETRY_SCHEDULE_MS[1] - 1000);
      expect(await deliverQueuedSms(s.app.deps, 20, RETRY_SCHEDULE_MS)).toEqual({ sent: 0, failed: 0 });
      s.clock.advance(1000);
      expect(await deliverQueuedSms(s.app.deps, 20, RETRY_SCHEDULE_MS)).toEqual({ sent: 1, failed: 0 });
      const [row] = await q<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM sms_outbox WHERE sms_id = $1',
        [id],
      );
      expect(row).toEqual({ status: 'sent', attempts: 2 });
    });

    it(`an SMS refused ${MAX_SMS_ATTEMPTS} times ends failed and is not tried again`, async () => {
      const { trx } = await storedSale();
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'phone',
        phone: '6281234000222',
      });
      const id = receiptSendResponse.parse(r.json().data).outbox_id;
      s.app.deps.integrations.sms = httpSmsSender({ url: gateway.url, token: 'wrong-token' });
      for (let i = 0; i < MAX_SMS_ATTEMPTS; i++) expect((await deliverQueuedSms(s.app.deps)).failed).toBe(1);
      expect(await deliverQueuedSms(s.app.deps)).toEqual({ sent: 0, failed: 0 });
      const [row] = await q<{ status: string; attempts: number; last_error: string }>(
        'SELECT status, attempts, last_error FROM sms_outbox WHERE sms_id = $1',
        [id],
      );
      expect(row).toEqual({
        status: 'failed',
        attempts: MAX_SMS_ATTEMPTS,
        last_error: 'SMS gateway 401: bad token',
      });
    });

    it('an e-mail the SMTP server refuses (451) is retried and then delivered; wrong credentials end failed', async () => {
      const { trx } = await storedSale();
      const r = await send(owner, {
        local_trx_id: trx.local_trx_id,
        receipt_type: 'email',
        email: 'retry@example.id',
      });
      const id = receiptSendResponse.parse(r.json().data).outbox_id;
      const sender = smtpEmailSender({ url: smtp.url, from: 'struk@serambi.test' });
      s.app.deps.integrations.email = sender;
      try {
        smtp.refuseNext = 1;
        expect(await deliverQueuedEmails(s.app.deps)).toEqual({ sent: 0, failed: 1 });
        const [row] = await q<{ status: string; attempts: number; last_error: string }>(
          'SELECT status, attempts, last_error FROM email_outbox WHERE email_id = $1',
          [id],
        );
        expect(row.status).toBe('queued');
        expect(row.attempts).toBe(1);
        expect(row.last_error).toContain('451');
        const count = smtp.received.length;
        expect(await deliverQueuedEmails(s.app.deps)).toEqual({ sent: 1, failed: 0 });
        expect(smtp.received).toHaveLength(count + 1);
        expect(smtp.received.at(-1)?.subject).toContain(trx.local_trx_id.slice(-6).toUpperCase());
      } finally {
        sender.close();
      }

      await send(owner, { local_trx_id: trx.local_trx_id, receipt_type: 'email', email: 'auth@example.id' });
      const bad = smtpEmailSender({
        url: smtp.url.replace(':rahasia@', ':salah@'),
        from: 'struk@serambi.test',
      });
      s.app.deps.integrations.email = bad;
      try {
        for (let i = 0; i < MAX_EMAIL_ATTEMPTS; i++)
          expect((await deliverQueuedEmails(s.app.deps)).failed).toBe(1);
      } finally {
        bad.close();
      }
      const [row] = await q<{ status: string; last_error: string }>(
        "SELECT status, last_error FROM email_outbox WHERE to_address = 'auth@example.id'",
      );
      expect(row.status).toBe('failed');
      expect(row.last_error).toMatch(/auth|535/i);
    });
  });
}
