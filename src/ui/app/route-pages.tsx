// Each screen of the route table in its own chunk (React.lazy): a page's code loads when its route is
// first opened, so the sign-in page does not wait for the cashier, the receipt or the reports.
// The offline worker precaches every chunk, so a route opened for the first time offline still loads.
import { Center, Loader } from '@mantine/core';
import { useParams } from 'wouter';
import { lazyPage } from './lazy-page';
import { useSession } from './session-context';
import { SyncActor } from './sync-runner';

/** The dialogs' and notifications' hosts, a chunk of their own (overlays.tsx; App.tsx renders them). */
export const Overlays = lazyPage(() => import('./overlays').then((m) => m.Overlays));

/** The header, the side menu and the footer of the signed-in pages (AppShell): not needed to sign in. */
export const Layout = lazyPage(() => import('./Layout').then((m) => m.Layout));
/** The screens not built yet ('Belum tersedia') and unknown paths. */
export const PlaceholderPage = lazyPage(() =>
  import('../features/placeholder/PlaceholderPage').then((m) => m.PlaceholderPage),
);
export const NotFoundPage = lazyPage(() =>
  import('../features/placeholder/PlaceholderPage').then((m) => m.NotFoundPage),
);
/** The sync pass shown before history, stock list, settlement and report views (000 §4). */
export const SyncFirst = lazyPage(() => import('./SyncFirst').then((m) => m.SyncFirst));
export const SignInPage = lazyPage(() => import('../features/session/SignInPage').then((m) => m.SignInPage));
export const ChooseOutletPage = lazyPage(() =>
  import('../features/session/ChooseOutletPage').then((m) => m.ChooseOutletPage),
);
export const HomePage = lazyPage(() => import('../features/home/HomePage').then((m) => m.HomePage));
export const PosPage = lazyPage(() => import('../features/pos/PosPage').then((m) => m.PosPage));
/** /shift-management (issue 12). */
export const ShiftPage = lazyPage(() => import('../features/shift/ShiftPage').then((m) => m.ShiftPage));
export const PurgatoryPage = lazyPage(() =>
  import('../features/maintenance/PurgatoryPage').then((m) => m.PurgatoryPage),
);
/** /redeem-qr-transaction and /coupon-use-qr (001 §2.4, §2.6). */
export const CodeUsePage = lazyPage(() =>
  import('../features/loyalty/CodeUsePage').then((m) => m.CodeUsePage),
);
/** /redeem-sms-transaction 'Penukaran Poin - Melalui SMS' (001 §2.5). */
export const SmsRedeemPage = lazyPage(() =>
  import('../features/loyalty/SmsRedeemPage').then((m) => m.SmsRedeemPage),
);
/** /customer-registration 'Registrasi dan Proses' (001 §2.11, issue 26). */
export const RegistrationPage = lazyPage(() =>
  import('../features/registration/RegistrationPage').then((m) => m.RegistrationPage),
);
/** /loyalty-transaction 'Pemberian Poin' (001 §2.3). */
export const LoyaltyTransactionPage = lazyPage(() =>
  import('../features/loyalty/LoyaltyTransactionPage').then((m) => m.LoyaltyTransactionPage),
);
export const ReceivablePage = lazyPage(() =>
  import('../features/receivable/ReceivablePage').then((m) => m.ReceivablePage),
);
/** /member-activation 'Aktivasi Member' (001 §2.8, issue 24). */
export const MemberActivationPage = lazyPage(() =>
  import('../features/customers/activation/MemberActivationPage').then((m) => m.MemberActivationPage),
);
/** /inventory/stock-out (002 §2.4). */
export const StockOutPage = lazyPage(() =>
  import('../features/inventory/StockOutPage').then((m) => m.StockOutPage),
);
/** /inventory/stock and /inventory/history 'Daftar Stok' (002 §2.2). */
export const StockListPage = lazyPage(() =>
  import('../features/inventory/StockListPage').then((m) => m.StockListPage),
);
/** /inventory/stock-in (002 §2.3, issue 13). */
export const StockInPage = lazyPage(() =>
  import('../features/inventory/StockInPage').then((m) => m.StockInPage),
);
/** /inventory/stock-adjustment (002 §2.5, issue 13). */
export const StockAdjustmentPage = lazyPage(() =>
  import('../features/inventory/StockAdjustmentPage').then((m) => m.StockAdjustmentPage),
);
const ReceiptPage = lazyPage(() => import('../features/receipt/ReceiptPage').then((m) => m.ReceiptPage));
const TrxEditPage = lazyPage(() => import('../features/receipt/TrxEditPage').then((m) => m.TrxEditPage));
const PublicReceiptPage = lazyPage(() =>
  import('../features/receipt/PublicReceiptPage').then((m) => m.PublicReceiptPage),
);

/** /inventory/transfer-out and /inventory/transfer-in (002 §2.6–2.7, issue 13). */
export const TransferOutPage = lazyPage(() =>
  import('../features/inventory-transfer/TransferOutPage').then((m) => m.TransferOutPage),
);
export const TransferInPage = lazyPage(() =>
  import('../features/inventory-transfer/TransferInPage').then((m) => m.TransferInPage),
);

const HistoryPage = lazyPage(() => import('../features/history/HistoryPage').then((m) => m.HistoryPage));
const HistoryCopyPage = lazyPage(() =>
  import('../features/history/HistoryCopyPage').then((m) => m.HistoryCopyPage),
);

/** /storage (issue 15): the device's storage, the export and import of unsynced sales. */
export const StoragePage = lazyPage(() =>
  import('../features/storage/StoragePage').then((m) => m.StoragePage),
);

/** /help 'Bantuan Penggunaan' (002 §2.21, issue 27). */
export const HelpPage = lazyPage(() => import('../features/help/HelpPage').then((m) => m.HelpPage));
/** /backdoor, the maintenance page (002 §2.23, ruling 10, issue 27). */
export const BackdoorPage = lazyPage(() =>
  import('../features/maintenance/BackdoorPage').then((m) => m.BackdoorPage),
);

/** /report/pos-all-trx and its print page (002 §2.14, issue 27). */
export const SalesReportForm = lazyPage(() =>
  import('../features/reports/SalesReportForm').then((m) => m.SalesReportForm),
);
export const SalesReportPrint = lazyPage(() =>
  import('../features/reports/SalesReportPrint').then((m) => m.SalesReportPrint),
);
/** /report/worker-commission and its print page (002 §2.15, issue 27). */
export const WorkerReportForm = lazyPage(() =>
  import('../features/reports/WorkerReportForm').then((m) => m.WorkerReportForm),
);
export const WorkerReportPrint = lazyPage(() =>
  import('../features/reports/WorkerReportPrint').then((m) => m.WorkerReportPrint),
);
/** /report/coupon, /report/custom/omzet-recap, /report/customer-birthday and their print pages (002 §2.17–2.19). */
const listReport = <K extends keyof typeof import('../features/reports/ListReports')>(name: K) =>
  lazyPage(() => import('../features/reports/ListReports').then((m) => m[name] as () => React.ReactNode));
export const CouponReportForm = listReport('CouponReportForm');
export const CouponReportPrint = listReport('CouponReportPrint');
export const OmzetReportForm = listReport('OmzetReportForm');
export const OmzetReportPrint = listReport('OmzetReportPrint');
export const BirthdayReportForm = listReport('BirthdayReportForm');
export const BirthdayReportPrint = listReport('BirthdayReportPrint');
/** /report/product-consumption, /report/treatment-reminder and their print pages (002 §2.16, §2.20). */
export const ConsumptionReportForm = listReport('ConsumptionReportForm');
export const ConsumptionReportPrint = listReport('ConsumptionReportPrint');
export const ReminderReportForm = listReport('ReminderReportForm');
export const ReminderReportPrint = listReport('ReminderReportPrint');
const MemberInfoPage = lazyPage(() =>
  import('../features/member-info/MemberInfoPage').then((m) => m.MemberInfoPage),
);

/** /member-info and /member-info/{user_identifier_type}/{user_identifier_string} (001 §2.7, issue 24). */
export function MemberInfoRoute() {
  const { user_identifier_type, user_identifier_string } = useParams<{
    user_identifier_type?: string;
    user_identifier_string?: string;
  }>();
  return (
    <MemberInfoPage
      key={`${user_identifier_type ?? ''}/${user_identifier_string ?? ''}`}
      user_identifier_type={user_identifier_type}
      user_identifier_string={user_identifier_string}
    />
  );
}

/** EMR setup (001 §2.14, issue 25, ruling 11). */
const emrSetup = () => import('../features/emr-setup/EmrSetupPages');
export const EmrOrganizationListPage = lazyPage(() => emrSetup().then((m) => m.OrganizationListPage));
export const EmrOrganizationInitPage = lazyPage(() => emrSetup().then((m) => m.OrganizationInitPage));
export const EmrOrganizationFormPage = lazyPage(() => emrSetup().then((m) => m.OrganizationFormPage));
export const EmrLocationListPage = lazyPage(() => emrSetup().then((m) => m.LocationListPage));
export const EmrLocationFormPage = lazyPage(() => emrSetup().then((m) => m.LocationFormPage));
const JournalPage = lazyPage(() => import('../features/journal/JournalPage').then((m) => m.JournalPage));

/** /customer-journal and /customer-journal/{user_identifier_type}/{user_identifier_string} (001 §2.9, issue 25). */
export function JournalRoute() {
  const { user_identifier_type, user_identifier_string } = useParams<{
    user_identifier_type?: string;
    user_identifier_string?: string;
  }>();
  return (
    <JournalPage
      key={`${user_identifier_type ?? ''}/${user_identifier_string ?? ''}`}
      user_identifier_type={user_identifier_type}
      user_identifier_string={user_identifier_string}
    />
  );
}

const EmrStatisticPage = lazyPage(() =>
  import('../features/emr-statistics/EmrStatisticPage').then((m) => m.EmrStatisticPage),
);

/** /report/emr-statistic/{patient-visit,diagnosis,patient-gender} (001 §2.15, issue 25). */
export function EmrStatisticRoute({ kind }: { kind: 'patient-visit' | 'diagnosis' | 'patient-gender' }) {
  return <EmrStatisticPage key={kind} kind={kind} />;
}

/** /appointment, the calendar (001 §2.12, issue 26). */
export const AppointmentPage = lazyPage(() =>
  import('../features/appointment/AppointmentPage').then((m) => m.AppointmentPage),
);
const AppointmentFormPage = lazyPage(() =>
  import('../features/appointment/AppointmentFormPage').then((m) => m.AppointmentFormPage),
);

/** /appointment/{appointment_id}: 'new' or a local appointment id (001 §2.13); a new form per id. */
export function AppointmentFormRoute() {
  const { appointment_id = 'new' } = useParams<{ appointment_id: string }>();
  return <AppointmentFormPage key={appointment_id} />;
}

const AuditPage = lazyPage(() => import('../features/audit/AuditPage').then((m) => m.AuditPage));

/** /audit (issue 15): the auditor's replay of the event logs (AUDIT_LOG). */
export function AuditRoute() {
  return <AuditPage />;
}

/** /trx-history (002 §2.9) */
export function HistoryRoute() {
  return <HistoryPage />;
}

/** /trx-history/{local_trx_id}: the receipt copy print page (002 §2.10) */
export function HistoryCopyRoute() {
  const { local_trx_id = '' } = useParams<{ local_trx_id: string }>();
  return <HistoryCopyPage key={local_trx_id} local_trx_id={local_trx_id} />;
}

const SettlementPage = lazyPage(() =>
  import('../features/settlement/SettlementPage').then((m) => m.SettlementPage),
);

/** /settlement/{settlement_type} (002 §2.11) */
export function SettlementRoute() {
  const { settlement_type = '' } = useParams<{ settlement_type: string }>();
  return <SettlementPage key={settlement_type} settlement_type={settlement_type} />;
}

/** /pos/receipt/{local_trx_id}/{modifier} */
export function ReceiptRoute() {
  const { local_trx_id = '', modifier = '' } = useParams<{ local_trx_id: string; modifier: string }>();
  return <ReceiptPage key={`${local_trx_id}/${modifier}`} local_trx_id={local_trx_id} modifier={modifier} />;
}

/**
 * /receipt/{receipt_token} reached inside the cashier's app (a link followed without a page load);
 * a page load of it starts the light entry instead (src/ui/receipt-main.tsx).
 */
export function PublicReceiptRoute() {
  const { receipt_token = '' } = useParams<{ receipt_token: string }>();
  const { view } = useSession();
  return <PublicReceiptPage receipt_token={receipt_token} device={view.device} />;
}

/** /trx-edit/{local_trx_id} */
export function TrxEditRoute() {
  const { local_trx_id = '' } = useParams<{ local_trx_id: string }>();
  return <TrxEditPage key={local_trx_id} local_trx_id={local_trx_id} />;
}

/** The sync-first routes' pages: their chunk loads during the sync pass (SyncFirst), not after it. */
export const SYNC_FIRST_PAGES: Readonly<Record<string, { preload: () => Promise<unknown> }>> = {
  '/trx-history': HistoryPage,
  '/trx-history/:local_trx_id': HistoryCopyPage,
  '/inventory/stock': StockListPage,
  '/inventory/history': StockListPage,
  '/settlement/:settlement_type': SettlementPage,
  '/report/pos-all-trx/print': SalesReportPrint,
  '/report/worker-commission/print': WorkerReportPrint,
  '/report/coupon/print': CouponReportPrint,
  '/report/custom/omzet-recap/print': OmzetReportPrint,
  '/report/customer-birthday/print': BirthdayReportPrint,
  '/report/product-consumption/print': ConsumptionReportPrint,
  '/report/treatment-reminder/print': ReminderReportPrint,
};

/** Every lazily loaded part of the app (tests that render routes synchronously load them first). */
export const LAZY_PAGES = [
  Overlays,
  SyncActor,
  Layout,
  PlaceholderPage,
  NotFoundPage,
  SyncFirst,
  SignInPage,
  ChooseOutletPage,
  HomePage,
  PosPage,
  PurgatoryPage,
  ReceiptPage,
  TrxEditPage,
  PublicReceiptPage,
  HistoryPage,
  HistoryCopyPage,
  AuditPage,
  StoragePage,
  ShiftPage,
  SettlementPage,
  ReceivablePage,
  MemberActivationPage,
  CodeUsePage,
  LoyaltyTransactionPage,
  StockOutPage,
  StockListPage,
  StockInPage,
  StockAdjustmentPage,
  TransferOutPage,
  TransferInPage,
  HelpPage,
  BackdoorPage,
  SalesReportForm,
  SalesReportPrint,
  WorkerReportForm,
  WorkerReportPrint,
  CouponReportForm,
  CouponReportPrint,
  OmzetReportForm,
  OmzetReportPrint,
  BirthdayReportForm,
  BirthdayReportPrint,
  ConsumptionReportForm,
  ConsumptionReportPrint,
  ReminderReportForm,
  ReminderReportPrint,
  MemberInfoPage,
  AppointmentPage,
  AppointmentFormPage,
  EmrOrganizationListPage,
  EmrOrganizationInitPage,
  EmrOrganizationFormPage,
  EmrLocationListPage,
  EmrLocationFormPage,
];

export const preloadRoutePages = (): Promise<unknown> =>
  Promise.all(LAZY_PAGES.map((page) => page.preload()));

/** Shown while a page's chunk loads. */
export function PageLoading() {
  return (
    <Center h="60dvh" data-testid="page-loading">
      <Loader />
    </Center>
  );
}
