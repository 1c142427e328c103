// The entry's own pattern for the public receipt agrees with the route table's first match on every route's
// path and on the edges (trailing slashes, extra segments, an empty token).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPublicReceiptPath,
  PUBLIC_RECEIPT_ROUTE,
  publicReceiptToken,
} from '../../src/ui/app/public-receipt-path';
import { matchRoute, ROUTES } from '../../src/ui/app/route-table';

const byTable = (pathname: string) => matchRoute(pathname)?.route.path === PUBLIC_RECEIPT_ROUTE;

describe('isPublicReceiptPath', () => {
  const samples = [
    ...ROUTES.map((r) => r.path.replace(/:[a-z_]+/g, 'abc123')),
    '/receipt/abc',
    '/receipt/abc/',
    '/receipt/abc//',
    '/receipt/',
    '/receipt',
    '/receipt/abc/def',
    '/pos/receipt/abc/copy',
    '/receipts/abc',
    '/receipt/a%2Fb%20c',
    '/',
  ];

  it.each(samples)('%s: as the route table says', (path) => {
    expect(isPublicReceiptPath(path)).toBe(byTable(path));
    expect(publicReceiptToken(path)).toBe(byTable(path) ? matchRoute(path)?.params.receipt_token : '');
  });

  it('any path made of route-like segments: as the route table says', () => {
    const segment = fc.constantFrom('receipt', 'pos', 'abc', '', 'trx-history', 'x%20y');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(isPublicReceiptPath(path)).toBe(byTable(path));
        expect(publicReceiptToken(path)).toBe(byTable(path) ? matchRoute(path)?.params.receipt_token : '');
      }),
      { numRuns: 500 },
    );
  });
});
