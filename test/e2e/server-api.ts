// The server's own calls from a browser test (seeding sales, reading what the server stored), with the
// session headers of 000 §7: one helper instead of a copy per spec.

export type Doc = Record<string, unknown>;
export type Tokens = { client_key: string; login_token: string };

const HEADERS = {
  Platform: 'web',
  'App-Version': '1.8.70',
  'Build-Number': '20251030',
  'App-Build': '20251030',
};

/** A caller of the server at `baseUrl()` (read per call: the fixture starts the server in beforeAll). */
export function serverApi(baseUrl: () => string) {
  return async function api(path: string, init: { method?: string; body?: unknown; tokens?: Tokens } = {}) {
    const r = await fetch(`${baseUrl()}/${path}`, {
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
    const json = (await r.json()) as { data: Doc };
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}
