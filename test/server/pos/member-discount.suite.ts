// 000 §5: a member's discount on a NORMAL sale is the server's (server/services/pos/member-discount.ts): the
// percent of the customer's membership at the sale, or of a period that covered the device's recent lookup
// (an offline sale made after the period ended). Any other percent the device sends is refused by the totals
// check, writing nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoBusiness } from '../../../server/db/demo';
import { MEMBER_GOLD, MEMBER_KLINIK } from '../../../server/db/demo/promos';
import { formatLocalDateTime } from '../../../server/lib/clock';
import { type Backend, signIn, startTestServer, type TestServer, type Tokens } from '../helpers';
import { line, outletConfig, type ServedConfig, sale, submit } from './fixtures';

type Doc = Record<string, unknown>;
const CREAMBATH = 1005; // a 120,000 service
const DAY = 86_400_000;

export function memberDiscountSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  let kemang: ServedConfig;
  let demo: ReturnType<typeof demoBusiness>;

  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
    kemang = await outletConfig(s.app, owner, 1);
    demo = demoBusiness(s.clock.now());
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const member = (percent: number | null, extra: Doc = {}) =>
    percent === null ? extra : { discount_level: { reward_value: percent }, ...extra };
  const memberSale = (userCode: string, percent: number | null, extra: Doc = {}) =>
    sale(kemang, [line(kemang, CREAMBATH)], { customer: { user_code: userCode, ...member(percent, extra) } });
  const heads = async (localTrxId: string) =>
    (await s.database.query('SELECT 1 FROM pos_sales_trx_heads WHERE local_trx_id = $1', [localTrxId]))
      .length;
  const stamp = (t: Date) => formatLocalDateTime(t);

  it("a Gold member's 10 % stands, and so does no discount; a forged 50 % or 15 % is refused, nothing written", async () => {
    const gold = demo.customers.find((c) => c.membership?.business_membership_id === MEMBER_GOLD);
    if (!gold) throw new Error('no Gold member in the demo');
    const honest = memberSale(gold.user_code, 10);
    const r = await submit(s.app, owner, [honest]);
    expect(r.statusCode, r.body).toBe(200);
    const full = memberSale(gold.user_code, null);
    expect((await submit(s.app, owner, [full])).statusCode).toBe(200);
    for (const percent of [50, 15]) {
      const forged = memberSale(gold.user_code, percent);
      const refused = await submit(s.app, owner, [forged]);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toMatch(/^Total transaksi tidak sesuai/);
      expect(await heads(forged.local_trx_id)).toBe(0);
    }
  });

  it('a customer who is no member gets no member discount, whatever the device sends', async () => {
    const plain = demo.customers.find((c) => c.membership === null);
    if (!plain) throw new Error('no customer without membership in the demo');
    const forged = memberSale(plain.user_code, 15);
    const refused = await submit(s.app, owner, [forged]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toMatch(/^Total transaksi tidak sesuai/);
    expect(await heads(forged.local_trx_id)).toBe(0);
    // a new customer (no user_code yet) neither
    const fresh = sale(kemang, [line(kemang, CREAMBATH)], {
      customer: { user_code: null, user_name: 'Baru', user_phone: '081299990001', ...member(10) },
    });
    expect((await submit(s.app, owner, [fresh])).statusCode).toBe(400);
    expect(await heads(fresh.local_trx_id)).toBe(0);
  });

  it('an offline sale after the period ended keeps the level the device looked up while it ran', async () => {
    const plain = demo.customers.filter((c) => c.membership === null)[1];
    if (!plain) throw new Error('no second customer without membership in the demo');
    const now = s.clock.now().getTime();
    // a Klinik Care (7.5 %) period that ended three days ago
    await s.database.query(
      `INSERT INTO customer_memberships (customer_id, business_membership_id, valid_from, valid_until, source, created_at)
       SELECT customer_id, $2, $3::timestamptz, $4::timestamptz, 'test', $3::timestamptz FROM customers WHERE user_code = $1`,
      [
        plain.user_code,
        MEMBER_KLINIK,
        new Date(now - 40 * DAY).toISOString(),
        new Date(now - 3 * DAY).toISOString(),
      ],
    );
    const lookedUpDuring = memberSale(plain.user_code, 7.5, {
      retrieve_time: stamp(new Date(now - 5 * DAY)),
    });
    const r = await submit(s.app, owner, [lookedUpDuring]);
    expect(r.statusCode, r.body).toBe(200);
    // looked up after it ended, or long before the sale: no discount
    for (const at of [now - DAY, now - 45 * DAY]) {
      const late = memberSale(plain.user_code, 7.5, { retrieve_time: stamp(new Date(at)) });
      expect((await submit(s.app, owner, [late])).statusCode).toBe(400);
      expect(await heads(late.local_trx_id)).toBe(0);
    }
  });
}
