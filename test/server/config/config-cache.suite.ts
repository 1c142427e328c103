// GET cashier/config's cache (issue 28): the catalogue part is built once per outlet and catalogue generation
// and kept in the database; the answer has an ETag, If-None-Match gets 304; any catalogue change is seen at
// once. Run on PGlite (config-cache.test.ts) and PostgreSQL (config-cache.pg.test.ts).
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configResponse } from '../../../src/api/contract/session';
import {
  type Backend,
  sessionHeaders,
  signIn,
  startTestServer,
  type TestServer,
  type Tokens,
} from '../helpers';

const URL = '/cashier/config?outlet_id=1';

async function get(app: FastifyInstance, t: Tokens, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: URL, headers: { ...sessionHeaders(t), ...headers } });
}

/** The answer's data, gzip or not. */
function dataOf(r: { rawPayload: Buffer; headers: Record<string, unknown> }): Record<string, unknown> {
  const raw = r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.rawPayload) : r.rawPayload;
  return JSON.parse(raw.toString('utf8')).data;
}

export function configCacheSuite(backend: Backend): void {
  let s: TestServer;
  let owner: Tokens;
  beforeAll(async () => {
    s = await startTestServer(backend);
    owner = await signIn(s.app, 'demo@serambi.id');
  });
  afterAll(async () => {
    await s?.close();
  });

  const sql = (text: string, params: unknown[] = []) => s.database.query(text, params);

  it('answers the same data gzip or not, with an ETag; If-None-Match of it gets 304 without a body', async () => {
    const plain = await get(s.app, owner, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await get(s.app, owner, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(dataOf(zipped)).toEqual(dataOf(plain));
    expect(configResponse.safeParse(dataOf(zipped)).success).toBe(true);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(zipped.headers.etag).toBe(etag);
    expect(plain.headers['cache-control']).toBe('private, no-cache');

    s.clock.advance(60_000);
    const again = await get(s.app, owner, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // the 304 still says when it was answered (the kept copy's retrieve_time is renewed from it)
    expect(again.headers['config-retrieve-time']).not.toBe(plain.headers['config-retrieve-time']);
    expect(again.headers['config-retrieve-time']).toBe(
      (await get(s.app, owner)).headers['config-retrieve-time'],
    );
  });

  it('keeps the catalogue part in the database, one entry per outlet, rebuilt when it was thrown away', async () => {
    const first = dataOf(await get(s.app, owner));
    const cached = await sql(
      'SELECT business_outlet_id, generation FROM config_catalogue_cache WHERE business_outlet_id = 1',
    );
    expect(cached).toHaveLength(1);
    await sql('DELETE FROM config_catalogue_cache');
    expect(dataOf(await get(s.app, owner, { 'accept-encoding': 'gzip' }))).toEqual(first);
  });

  it('a builder of an older generation never replaces a newer entry (a slow request racing a change)', async () => {
    const first = dataOf(await get(s.app, owner));
    // an entry newer than the brand's generation stands for a build that finished after a later change
    await sql(
      'UPDATE config_catalogue_cache SET generation = generation + 1000000 WHERE business_outlet_id = 1',
    );
    const [{ generation: newer }] = (await sql(
      'SELECT generation::text AS generation FROM config_catalogue_cache WHERE business_outlet_id = 1',
    )) as { generation: string }[];
    // the entry does not match the current generation: the request builds its own answer, and leaves the newer one
    expect(dataOf(await get(s.app, owner))).toEqual(first);
    const after = (await sql(
      'SELECT generation::text AS generation FROM config_catalogue_cache WHERE business_outlet_id = 1',
    )) as { generation: string }[];
    expect(after).toEqual([{ generation: newer }]);
    await sql('DELETE FROM config_catalogue_cache');
  });

  it('sees an item change at once (a priced kind): a new ETag, the new item, gzip and not', async () => {
    const before = await get(s.app, owner, { 'accept-encoding': 'gzip' });
    const etag = String(before.headers.etag);
    const item = (dataOf(before).pos_items as Array<{ pos_item_id: number; item_name: string }>)[0];
    await sql(
      `UPDATE catalogue_entities SET doc = jsonb_set(doc::jsonb, '{item_name}', to_jsonb($1::text))::json
       WHERE kind = 'pos_items' AND entity_id = $2`,
      [`${item.item_name} baru`, String(item.pos_item_id)],
    );
    for (const encoding of ['gzip', 'identity']) {
      const after = await get(s.app, owner, { 'if-none-match': etag, 'accept-encoding': encoding });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      const changed = (dataOf(after).pos_items as Array<{ pos_item_id: number; item_name: string }>).find(
        (i) => i.pos_item_id === item.pos_item_id,
      );
      expect(changed?.item_name).toBe(`${item.item_name} baru`);
    }
  });

  it('sees a change of a kind that is not priced (tags), an insert and a delete at once', async () => {
    const etag0 = String((await get(s.app, owner)).headers.etag);
    const tags = (await get(s.app, owner)).json().data.tags as unknown[];
    await sql(
      `INSERT INTO catalogue_entities (business_id, business_outlet_id, kind, entity_id, sort_order, doc, updated_at)
       VALUES (1, 0, 'tags', 'cfg-test-tag', 999, '{"tag_id": 9999, "tag_name": "Uji cache"}'::json, now())`,
    );
    const added = await get(s.app, owner, { 'if-none-match': etag0 });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.tags).toHaveLength(tags.length + 1);
    const etag1 = String(added.headers.etag);
    expect(etag1).not.toBe(etag0);
    await sql(`DELETE FROM catalogue_entities WHERE entity_id = 'cfg-test-tag'`);
    const removed = await get(s.app, owner, { 'if-none-match': etag1, 'accept-encoding': 'gzip' });
    expect(removed.statusCode).toBe(200);
    expect(dataOf(removed).tags).toEqual(tags);
  });

  it('names what the session depends on: another user, a changed group flag, another outlet', async () => {
    const cashier = await signIn(s.app, 'kasir@serambi.id');
    const mine = String((await get(s.app, owner)).headers.etag);
    const theirs = await get(s.app, cashier, { 'if-none-match': mine });
    expect(theirs.statusCode).toBe(200);
    const etag = String(theirs.headers.etag);
    expect(etag).not.toBe(mine);
    await sql(
      `UPDATE user_groups SET group_name = group_name || ' (uji)'
       WHERE business_user_group_id = (SELECT business_user_group_id FROM business_users WHERE email = $1)`,
      ['kasir@serambi.id'],
    );
    const regrouped = await get(s.app, cashier, { 'if-none-match': etag });
    expect(regrouped.statusCode).toBe(200);
    expect(regrouped.json().data.business_user_group_name).toMatch(/\(uji\)$/);
    const etag2 = String(regrouped.headers.etag);
    await sql(`UPDATE business_users SET firstname = 'Kasir Baru' WHERE email = $1`, ['kasir@serambi.id']);
    const renamed = await get(s.app, cashier, { 'if-none-match': etag2 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.cashier_name).toMatch(/^Kasir Baru/);
    // the owner's answer did not change: still 304
    expect((await get(s.app, owner, { 'if-none-match': mine })).statusCode).toBe(304);
  });

  it('names the outlet: another outlet of the same user is its own answer', async () => {
    const outlets = (await get(s.app, owner)).json().data.business_outlets as Array<{ outlet_id: number }>;
    const other = outlets.find((o) => o.outlet_id !== 1);
    if (!other) return;
    const one = String((await get(s.app, owner)).headers.etag);
    const r = await s.app.inject({
      method: 'GET',
      url: `/cashier/config?outlet_id=${other.outlet_id}`,
      headers: { ...sessionHeaders(owner), 'if-none-match': one },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.outlet_id).toBe(other.outlet_id);
  });
}
