// The loader, migrations and the e-mail outbox on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBusiness } from '../../server/db/demo';
import { largeCatalogue } from '../../server/db/demo/large';
import { migrate } from '../../server/db/migrate';
import { countRows, loadLargeCatalogue, seedIfEmpty } from '../../server/db/seed';
import { deliverQueuedEmails, MAX_EMAIL_ATTEMPTS } from '../../server/services/email-outbox';
import { configResponse } from '../../src/api/contract/session';
import { call, signIn, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('pglite');
});
afterAll(async () => {
  await s?.close();
});

const q = <R extends Record<string, unknown>>(text: string, params?: unknown[]) =>
  s.database.withConnection((c) => c.query<R>(text, params));

describe('migrations', () => {
  it('are recorded and not applied twice', async () => {
    expect(await migrate(s.database)).toEqual([]);
    const rows = await q<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.name)).toContain('0001_foundation.sql');
  });
});

describe('the demo loader', () => {
  const demo = demoBusiness();

  it('loads once: a second start finds the business and does nothing', async () => {
    expect(await seedIfEmpty(s.database, () => demo, s.clock)).toBe(false);
    expect(await countRows(s.database, 'businesses')).toBe(1);
  });

  it('stores every outlet, user, customer and catalogue entity of the demo', async () => {
    expect(await countRows(s.database, 'outlets')).toBe(demo.outlets.length);
    expect(await countRows(s.database, 'business_users')).toBe(demo.users.length);
    expect(await countRows(s.database, 'customers')).toBe(demo.customers.length);
    const [items] = await q<{ n: string }>(
      "SELECT count(*)::text AS n FROM catalogue_entities WHERE kind = 'pos_items'",
    );
    expect(Number(items.n)).toBe(demo.catalogue.pos_items.length);
  });

  it('hashes passwords with argon2', async () => {
    const rows = await q<{ password_hash: string }>('SELECT password_hash FROM business_users');
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^\$argon2id\$/);
      expect(r.password_hash).not.toContain('demo1234');
    }
  });

  it('expands an item’s req-item discounts into its served document', async () => {
    const withDiscounts = demo.catalogue.pos_items.find((i) => i.pos_item_discount_ids.length > 0);
    expect(withDiscounts).toBeDefined();
    if (!withDiscounts) return;
    const [row] = await q<{
      doc: { pos_item_discounts: { pos_item_discount_id: number }[]; outlet_ids?: unknown };
    }>("SELECT doc FROM catalogue_entities WHERE kind = 'pos_items' AND entity_id = $1", [
      String(withDiscounts.pos_item_id),
    ]);
    expect(row.doc.pos_item_discounts.map((d) => d.pos_item_discount_id)).toEqual(
      withDiscounts.pos_item_discount_ids,
    );
    expect(row.doc.outlet_ids).toBeUndefined();
  });

  it('derives every opening balance from its ledger (ruling 13)', async () => {
    const sum = async (text: string, code: string) =>
      Number((await q<{ v: string | null }>(text, [code]))[0]?.v ?? 0);
    for (const c of demo.customers) {
      const points = await sum(
        'SELECT sum(points)::text AS v FROM point_ledger JOIN customers USING (customer_id) WHERE user_code = $1',
        c.user_code,
      );
      // the redeem demo (issue 14) adds points to spend on top of a customer's opening balance
      const redeemPoints = (demo.reward_redeem?.points ?? [])
        .filter((p) => p.user_code === c.user_code)
        .reduce((a, p) => a + p.points, 0);
      expect(points).toBe(c.opening_points + redeemPoints);
      const wallet = await sum(
        'SELECT sum(amount)::text AS v FROM wallet_ledger JOIN customers USING (customer_id) WHERE user_code = $1',
        c.user_code,
      );
      expect(wallet).toBe(c.opening_wallet_balance);
      const coupons = await sum(
        `SELECT sum(l.qty)::text AS v FROM coupon_user_ledger l JOIN coupon_users u USING (coupon_user_id)
         JOIN customers USING (customer_id) WHERE user_code = $1`,
        c.user_code,
      );
      // the agent coupons demo (issue 14) adds one coupon per agent transaction
      const agentCoupons = (demo.reward_redeem?.agent_coupons ?? []).filter(
        (a) => a.user_code === c.user_code,
      ).length;
      expect(coupons).toBe(c.coupons.reduce((a, x) => a + x.qty, 0) + agentCoupons);
      const receivable = await sum(
        `SELECT sum(l.amount)::text AS v FROM receivable_ledger l JOIN receivables r USING (account_receivable_id)
         JOIN customers USING (customer_id) WHERE user_code = $1`,
        c.user_code,
      );
      expect(receivable).toBe(c.receivables.reduce((a, x) => a + x.amount, 0));
    }
  });

  it('scopes workers and items to their outlets in the configuration', async () => {
    const t = await signIn(s.app, 'demo@serambi.id');
    for (const outlet of demo.outlets) {
      const r = await call(s.app, t, {
        method: 'GET',
        url: `/cashier/config?outlet_id=${outlet.business_outlet_id}`,
      });
      const data = configResponse.parse(r.json().data);
      const workerIds = (data.commission_worker ?? []).map((w) => w.business_commission_worker_id).sort();
      expect(workerIds).toEqual([...outlet.commission_worker_ids].sort());
      const expected = demo.catalogue.pos_items.filter((i) =>
        i.outlet_ids.includes(outlet.business_outlet_id),
      );
      expect(data.pos_items?.map((i) => i.pos_item_id)).toEqual(expected.map((i) => i.pos_item_id));
      expect(data.payment_method?.length).toBe(outlet.payment_method.length);
    }
  });
});

describe('the large catalogue loader', () => {
  it('adds generated items and customers next to the demo, once', async () => {
    const large = largeCatalogue({ items: 120, customers: 15, seed: 7 });
    const before = await countRows(s.database, 'customers');
    expect(await loadLargeCatalogue(s.database, 1, large, s.clock)).toBe(true);
    expect(await loadLargeCatalogue(s.database, 1, large, s.clock)).toBe(false);
    expect(await countRows(s.database, 'customers')).toBe(before + 15);
    const t = await signIn(s.app, 'kasir@serambi.id');
    const data = configResponse.parse(
      (await call(s.app, t, { method: 'GET', url: '/cashier/config' })).json().data,
    );
    const kemangLarge = large.pos_items.filter((i) => i.outlet_ids.includes(1)).map((i) => i.pos_item_id);
    const served = new Set(data.pos_items?.map((i) => i.pos_item_id));
    expect(kemangLarge.length).toBeGreaterThan(0);
    expect(kemangLarge.every((id) => served.has(id))).toBe(true);
  });
});

describe('the e-mail outbox', () => {
  it('sends queued messages once, and retries failures until they are marked failed', async () => {
    await s.app.inject({
      method: 'POST',
      url: '/cashier/auth/forgot-password',
      payload: { email: 'demo@serambi.id' },
    });
    expect(await deliverQueuedEmails(s.app.deps)).toEqual({ sent: 1, failed: 0 });
    expect(s.emails.map((m) => m.to)).toEqual(['demo@serambi.id']);
    expect(await deliverQueuedEmails(s.app.deps)).toEqual({ sent: 0, failed: 0 });

    await s.app.inject({
      method: 'POST',
      url: '/cashier/auth/forgot-password',
      payload: { email: 'spv@serambi.id' },
    });
    s.integrations.failEmail = true;
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS; i++)
      expect((await deliverQueuedEmails(s.app.deps)).failed).toBe(1);
    expect(await deliverQueuedEmails(s.app.deps)).toEqual({ sent: 0, failed: 0 });
    const [row] = await q<{ status: string; attempts: number; last_error: string }>(
      "SELECT status, attempts, last_error FROM email_outbox WHERE to_address = 'spv@serambi.id'",
    );
    expect(row).toEqual({
      status: 'failed',
      attempts: MAX_EMAIL_ATTEMPTS,
      last_error: '421 service not available',
    });
  });
});
