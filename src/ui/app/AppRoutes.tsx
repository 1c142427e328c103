// The route table (route-table.ts) rendered in its order with its wrappings.
// Pages (and the layout, the placeholder, the sync-first wait) load lazily: route-pages.tsx.
import { type ReactNode, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Protected } from './Protected';
import {
  AppointmentFormRoute,
  AppointmentPage,
  AuditRoute,
  BackdoorPage,
  BirthdayReportForm,
  BirthdayReportPrint,
  ChooseOutletPage,
  CodeUsePage,
  ConsumptionReportForm,
  ConsumptionReportPrint,
  CouponReportForm,
  CouponReportPrint,
  EmrLocationFormPage,
  EmrLocationListPage,
  EmrOrganizationFormPage,
  EmrOrganizationInitPage,
  EmrOrganizationListPage,
  EmrStatisticRoute,
  HelpPage,
  HistoryCopyRoute,
  HistoryRoute,
  HomePage,
  JournalRoute,
  LAZY_PAGES,
  Layout,
  LoyaltyTransactionPage,
  MemberActivationPage,
  MemberInfoRoute,
  NotFoundPage,
  OmzetReportForm,
  OmzetReportPrint,
  PageLoading,
  PlaceholderPage,
  PosPage,
  PublicReceiptRoute,
  PurgatoryPage,
  ReceiptRoute,
  ReceivablePage,
  RegistrationPage,
  ReminderReportForm,
  ReminderReportPrint,
  SalesReportForm,
  SalesReportPrint,
  SettlementRoute,
  ShiftPage,
  SignInPage,
  SmsRedeemPage,
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
  WorkerReportForm,
  WorkerReportPrint,
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
  '/redeem-sms-transaction': () => <SmsRedeemPage />,
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
  '/report/worker-commission': () => <WorkerReportForm />,
  '/report/worker-commission/print': () => <WorkerReportPrint />,
  '/report/coupon': () => <CouponReportForm />,
  '/report/coupon/print': () => <CouponReportPrint />,
  '/report/custom/omzet-recap': () => <OmzetReportForm />,
  '/report/custom/omzet-recap/print': () => <OmzetReportPrint />,
  '/report/customer-birthday': () => <BirthdayReportForm />,
  '/report/customer-birthday/print': () => <BirthdayReportPrint />,
  '/report/product-consumption': () => <ConsumptionReportForm />,
  '/report/product-consumption/print': () => <ConsumptionReportPrint />,
  '/report/treatment-reminder': () => <ReminderReportForm />,
  '/report/treatment-reminder/print': () => <ReminderReportPrint />,
  '/member-info/:user_identifier_type/:user_identifier_string': () => <MemberInfoRoute />,
  '/member-info': () => <MemberInfoRoute />,
  '/emr/organization/initialization': () => <EmrOrganizationInitPage />,
  '/emr/organization/:organization_id': () => <EmrOrganizationFormPage />,
  '/emr/organization': () => <EmrOrganizationListPage />,
  '/emr/location/:location_id': () => <EmrLocationFormPage />,
  '/emr/location': () => <EmrLocationListPage />,
  '/customer-journal/:user_identifier_type/:user_identifier_string': () => <JournalRoute />,
  '/customer-journal': () => <JournalRoute />,
  '/report/emr-statistic/patient-visit': () => <EmrStatisticRoute kind="patient-visit" />,
  '/report/emr-statistic/diagnosis': () => <EmrStatisticRoute kind="diagnosis" />,
  '/report/emr-statistic/patient-gender': () => <EmrStatisticRoute kind="patient-gender" />,
  '/appointment/:appointment_id': () => <AppointmentFormRoute />,
  '/appointment': () => <AppointmentPage />,
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
