// Which paths start the public receipt's light entry (main.tsx): the route table's /receipt/{receipt_token}.
import { matchRoute } from './route-table';

export const PUBLIC_RECEIPT_ROUTE = '/receipt/:receipt_token';

export function isPublicReceiptPath(pathname: string): boolean {
  return matchRoute(pathname)?.route.path === PUBLIC_RECEIPT_ROUTE;
}
