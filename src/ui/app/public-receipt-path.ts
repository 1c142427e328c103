// Which paths start the public receipt's light entry (main.tsx): the route table's /receipt/{receipt_token}.
// A pattern of its own, so the entry every page loads does not carry the whole route table;
// test/ui/public-receipt-path.test.ts holds it equal to the table's first match.

export const PUBLIC_RECEIPT_ROUTE = '/receipt/:receipt_token';

const PUBLIC_RECEIPT_PATH = /^\/receipt\/([^/]+)\/*$/;

export function isPublicReceiptPath(pathname: string): boolean {
  return PUBLIC_RECEIPT_PATH.test(pathname);
}

/** The receipt_token of a public receipt's path (decoded, as the route table reads it); '' for any other path. */
export function publicReceiptToken(pathname: string): string {
  const segment = PUBLIC_RECEIPT_PATH.exec(pathname)?.[1];
  if (segment === undefined) return '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
