// @vitest-environment jsdom
// The owner's export (issue 27): each button asks the server for its own file — the zip, the JSON, the JSON with
// the sales' documents (documents=1) — and names the file as the server does.
import { describe, expect, it, vi } from 'vitest';
import { brandExportName, downloadBrandExport } from '../../src/ui/features/storage/brand-export-download';

const auth = { client_key: 'k', login_token: 't' };
const day = new Date('2026-11-28T10:00:00Z');

describe('brand export download', () => {
  it('names the files as the server does', () => {
    expect(brandExportName(1, 'zip', day)).toBe('serambi-1-2026-11-28.zip');
    expect(brandExportName(1, 'json', day)).toBe('serambi-1-2026-11-28.json');
    expect(brandExportName(1, 'json-docs', day)).toBe('serambi-1-2026-11-28-dokumen.json');
  });

  it.each([
    ['zip', { format: 'zip' }],
    ['json', { format: 'json' }],
    ['json-docs', { format: 'json', documents: '1' }],
  ] as const)('%s asks for %o with the session and saves the answer', async (format, query) => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 200 }));
    const outcome = await downloadBrandExport(auth, format, brandExportName(1, format, day), {
      fetchImpl: fetchImpl as unknown as typeof fetch,
      picker: null,
    });
    expect(outcome).toBe('saved');
    const url = new URL(String((fetchImpl.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toMatch(/cashier\/brand-export$/);
    expect(Object.fromEntries(url.searchParams)).toEqual(query);
  });
});
