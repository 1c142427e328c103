// Issue 27: the brand owner's full data export (GET cashier/brand-export?format=zip|json) saved as a file. The
// server wants the session's headers, so a plain link cannot fetch it: the answer is fetched with them and
// - streamed straight to the file the owner picks where the browser offers a save dialog (showSaveFilePicker:
//   Chromium on https or localhost), so a brand with a million sales never sits in the page's memory;
// - otherwise (plain-http LAN tills, other browsers, or a picker refused) read into a Blob and saved through an
//   object URL, which works in every context.
import { BRAND_EXPORT_PATH } from '../../../api/contract/report';
import { type ApiAuth, buildUrl, defaultBaseUrl, sessionHeaders } from '../../../api/http';
import { saveBlob } from '../../components/save-file';

/** 'json-docs': the JSON with each sale's whole document (format=json&documents=1) */
export type BrandExportFormat = 'zip' | 'json' | 'json-docs';
export type BrandExportOutcome = 'saved' | 'cancelled';

interface WritableFile {
  createWritable(): Promise<WritableStream<Uint8Array>>;
}
type SavePicker = (options: {
  suggestedName: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<WritableFile>;

const MIME: Record<BrandExportFormat, string> = {
  zip: 'application/zip',
  json: 'application/json',
  'json-docs': 'application/json',
};
const EXTENSION: Record<BrandExportFormat, string> = { zip: 'zip', json: 'json', 'json-docs': 'json' };
const QUERY: Record<BrandExportFormat, Record<string, string>> = {
  zip: { format: 'zip' },
  json: { format: 'json' },
  'json-docs': { format: 'json', documents: '1' },
};

/**
 * The file's name: serambi-{business}-{YYYY-MM-DD}[-dokumen].{zip|json} (the server's content-disposition names the
 * same).
 */
export const brandExportName = (businessId: number | string, format: BrandExportFormat, now: Date) =>
  `serambi-${businessId}-${now.toISOString().slice(0, 10)}${format === 'json-docs' ? '-dokumen' : ''}.${EXTENSION[format]}`;

/** The session's tokens as stored (the same copy the app's client reads). */
export function authOf(user: unknown): ApiAuth | null {
  const u = user as { client_key?: unknown; login_token?: unknown } | null | undefined;
  return typeof u?.client_key === 'string' && typeof u.login_token === 'string'
    ? { client_key: u.client_key, login_token: u.login_token }
    : null;
}

async function fetchExport(auth: ApiAuth, format: BrandExportFormat, fetchImpl: typeof fetch) {
  const res = await fetchImpl(buildUrl(defaultBaseUrl(), BRAND_EXPORT_PATH, QUERY[format]), {
    headers: sessionHeaders(auth),
  });
  if (!res.ok) throw new Error(`brand export: ${res.status}`);
  return res;
}

export async function downloadBrandExport(
  auth: ApiAuth,
  format: BrandExportFormat,
  name: string,
  options: { fetchImpl?: typeof fetch; picker?: SavePicker | null } = {},
): Promise<BrandExportOutcome> {
  const fetchImpl = options.fetchImpl ?? ((i, init) => globalThis.fetch(i, init));
  const picker =
    options.picker !== undefined
      ? options.picker
      : ((globalThis as { showSaveFilePicker?: SavePicker }).showSaveFilePicker ?? null);
  if (picker && globalThis.isSecureContext !== false) {
    let file: WritableFile | null = null;
    try {
      // asked first: the dialog needs the click's user activation, which a slow answer would outlive
      file = await picker({
        suggestedName: name,
        types: [{ description: name, accept: { [MIME[format]]: [`.${EXTENSION[format]}`] } }],
      });
    } catch (e) {
      if ((e as { name?: string })?.name === 'AbortError') return 'cancelled';
      file = null; // refused (no activation, policy): the Blob way below
    }
    if (file) {
      const res = await fetchExport(auth, format, fetchImpl);
      if (!res.body) throw new Error('brand export: no body');
      await res.body.pipeTo(await file.createWritable());
      return 'saved';
    }
  }
  const res = await fetchExport(auth, format, fetchImpl);
  saveBlob(await res.blob(), name);
  return 'saved';
}
