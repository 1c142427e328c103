// The route table (route-table.ts) rendered in its order with its wrappings.
import type { ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { HomePage } from '../features/home/HomePage';
import { PurgatoryPage } from '../features/maintenance/PurgatoryPage';
import { NotFoundPage, PlaceholderPage } from '../features/placeholder/PlaceholderPage';
import { PosPage } from '../features/pos/PosPage';
import { RECEIPT_ROUTE_PAGES } from '../features/receipt/routes';
import { ChooseOutletPage } from '../features/session/ChooseOutletPage';
import { SignInPage } from '../features/session/SignInPage';
import { Layout } from './Layout';
import { Protected } from './Protected';
import { ROUTES, type RouteDef } from './route-table';
import { SyncFirst } from './SyncFirst';
import { SYNC_FIRST_ROUTES, type SyncFirstKind } from './sync-first';

export interface AppRoutesProps {
  /** Called by /purgatory before it deletes the databases (close the event store). */
  onPurge?: () => Promise<void> | void;
  /** Later issues register their screens here by route path. */
  pages?: Partial<Record<string, () => ReactNode>>;
}

function pageFor(route: RouteDef, props: AppRoutesProps): ReactNode {
  const custom = props.pages?.[route.path];
  if (custom) return custom();
  if (route.path === '/pos') return <PosPage />;
  const receipt = RECEIPT_ROUTE_PAGES[route.path as keyof typeof RECEIPT_ROUTE_PAGES];
  if (receipt) return receipt();
  switch (route.page) {
    case 'signIn':
      return <SignInPage />;
    case 'chooseOutlet':
      return <ChooseOutletPage />;
    case 'home':
      return <HomePage />;
    case 'purgatory':
      return <PurgatoryPage onCleared={props.onPurge} />;
    default:
      return <PlaceholderPage title={route.title} path={route.path} />;
  }
}

/** History, stock list, settlement and report views open after a sync pass (000 §4). */
function syncFirst(route: RouteDef, page: ReactNode): ReactNode {
  const kind = SYNC_FIRST_ROUTES[route.path];
  return kind ? (
    <SyncFirstRoute kind={kind} fullPage={route.wrap !== 'layout'}>
      {page}
    </SyncFirstRoute>
  ) : (
    page
  );
}

/** Keyed by the path: /settlement/today → /settlement/signed-in is another view, synced again. */
function SyncFirstRoute({
  kind,
  fullPage,
  children,
}: {
  kind: SyncFirstKind;
  fullPage: boolean;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  return (
    <SyncFirst key={pathname} kind={kind} fullPage={fullPage}>
      {children}
    </SyncFirst>
  );
}

function wrap(route: RouteDef, page: ReactNode): ReactNode {
  if (route.wrap === 'none') return page;
  if (route.wrap === 'signIn') return <Protected>{syncFirst(route, page)}</Protected>;
  return (
    <Protected>
      <Layout>{syncFirst(route, page)}</Layout>
    </Protected>
  );
}

export function AppRoutes(props: AppRoutesProps) {
  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          {wrap(route, pageFor(route, props))}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
