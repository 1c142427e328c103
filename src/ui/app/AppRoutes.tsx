// The route table (route-table.ts) rendered in its order with its wrappings.
// Pages (and the layout, the placeholder, the sync-first wait) load lazily: route-pages.tsx.
import { type ReactNode, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Protected } from './Protected';
import {
  AuditRoute,
  BackdoorPage,
  ChooseOutletPage,
  CodeUsePage,
  HelpPage,
  HistoryCopyRoute,
  HistoryRoute,
  HomePage,
  LAZY_PAGES,
  Layout,
  LoyaltyTransactionPage,
  MemberActivationPage,
  MemberInfoRoute,
  NotFoundPage,
  PageLoading,
  PlaceholderPage,
  PosPage,
  PublicReceiptRoute,
  PurgatoryPage,
  ReceiptRoute,
  ReceivablePage,
  RegistrationPage,
  SalesReportForm,
  SalesReportPrint,
  SettlementRoute,
  ShiftPage,
  SignInPage,
  StockAdjustmentPage,
  StockInPage,
  StockListPage,
  StockOutPage,
  StoragePage,
  SYNC_FIRST_PAGES,
  SyncFirst,
  TransferInPage,
  TransferOutPage,
  TrxEditRoute,
} from './route-pages';
import { ROUTES, type RouteDef } from './route-table';
import { SYNC_FIRST_ROUTES, type SyncFirstKind } from './sync-first-routes';

export interface AppRoutesProps {
  /** Called by /purgatory before it deletes the databases (close the event store). */
  onPurge?: () => Promise<void> | void;
  /** Later issues register their screens here by route path. */
  pages?: Partial<Record<string, () => ReactNode>>;
}

/** Routes whose page is not a PageKey of the table (their own parameters). */
const SPECIAL_PAGES: Record<string, () => ReactNode> = {
  '/pos': () => <PosPage />,
  '/pos/receipt/:local_trx_id/:modifier': () => <ReceiptRoute />,
  '/receipt/:receipt_token': () => <PublicReceiptRoute />,
  '/trx-edit/:local_trx_id': () => <TrxEditRoute />,
  '/trx-history': () => <HistoryRoute />,
  '/audit': () => <AuditRoute />,
  '/storage': () => <StoragePage />,
  '/trx-history/:local_trx_id': () => <HistoryCopyRoute />,
  '/shift-management': () => <ShiftPage />,
  '/settlement/:settlement_type': () => <SettlementRoute />,
  '/account-receivable': () => <ReceivablePage />,
  '/member-activation': () => <MemberActivationPage />,
  '/loyalty-transaction': () => <LoyaltyTransactionPage />,
  '/customer-registration': () => <RegistrationPage />,
  '/redeem-qr-transaction': () => <CodeUsePage kind="reward" />,
  '/coupon-use-qr': () => <CodeUsePage kind="coupon" />,
  '/inventory/stock-out': () => <StockOutPage />,
  '/inventory/stock': () => <StockListPage />,
  '/inventory/history': () => <StockListPage />,
  '/inventory/stock-in': () => <StockInPage />,
  '/inventory/stock-adjustment': () => <StockAdjustmentPage />,
  '/inventory/transfer-out': () => <TransferOutPage />,
  '/inventory/transfer-in': () => <TransferInPage />,
  '/help': () => <HelpPage />,
  '/backdoor': () => <BackdoorPage />,
  '/report/pos-all-trx': () => <SalesReportForm />,
  '/report/pos-all-trx/print': () => <SalesReportPrint />,
  '/member-info/:user_identifier_type/:user_identifier_string': () => <MemberInfoRoute />,
  '/member-info': () => <MemberInfoRoute />,
};

/** The page a route renders; PlaceholderPage ('Belum tersedia') for a screen not built yet (docs/spec-coverage.md). */
export function pageFor(route: RouteDef, props: AppRoutesProps): ReactNode {
  const custom = props.pages?.[route.path];
  if (custom) return custom();
  const special = SPECIAL_PAGES[route.path];
  if (special) return special();
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
    <SyncFirstRoute
      kind={kind}
      fullPage={route.wrap !== 'layout'}
      preload={SYNC_FIRST_PAGES[route.path]?.preload}
    >
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
  preload,
  children,
}: {
  kind: SyncFirstKind;
  fullPage: boolean;
  preload?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  return (
    <SyncFirst key={pathname} kind={kind} fullPage={fullPage} preload={preload}>
      {children}
    </SyncFirst>
  );
}

function wrap(route: RouteDef, page: ReactNode): ReactNode {
  if (route.wrap === 'none') return page;
  if (route.wrap === 'signIn') return <Protected>{syncFirst(route, page)}</Protected>;
  return (
    <Protected>
      <Layout preloadPages={LAZY_PAGES}>{syncFirst(route, page)}</Layout>
    </Protected>
  );
}

export function AppRoutes(props: AppRoutesProps) {
  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          <Suspense fallback={<PageLoading />}>
            {wrap(route, <Suspense fallback={<PageLoading />}>{pageFor(route, props)}</Suspense>)}
          </Suspense>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
