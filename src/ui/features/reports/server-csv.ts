// Issue 27: a report whose rows grow with the sales (daily, detail) downloads its CSV from the server, which
// streams every row of the range; the page never builds it from rows it may not have loaded. The call needs the
// session's headers, so it is fetched with them and saved through a Blob (works over plain http on a LAN till).
import { type ApiAuth, buildUrl, defaultBaseUrl, sessionHeaders } from '../../../api/http';
import { saveBlob } from '../../components/save-file';

export async function downloadServerCsv(
  auth: ApiAuth,
  path: string,
  query: Record<string, string>,
  name: string,
  fetchImpl: typeof fetch = (i, init) => globalThis.fetch(i, init),
): Promise<void> {
  const res = await fetchImpl(buildUrl(defaultBaseUrl(), path, { ...query, format: 'csv' }), {
    headers: sessionHeaders(auth),
  });
  if (!res.ok) throw new Error(`report csv: ${res.status}`);
  saveBlob(await res.blob(), name);
}
