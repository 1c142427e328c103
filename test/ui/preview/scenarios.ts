// Fixed session states for looking at the shell without a server (test/ui/screenshots.ts).

import { formatOutletStamp } from '../../../src/domain/time';
import type { SessionView } from '../../../src/ui/app/session-context';
import { DEFAULT_DEVICE } from '../../../src/ui/app/session-context';
import type { ShellUserData } from '../../../src/ui/app/user-data';
import type { SummaryTrx } from '../../../src/ui/features/home/summary';
import { ALL_FLAGS, flags } from '../fixtures';

const outlets = [
  {
    business_outlet_id: 1,
    outlet_name: 'Serambi Salon Kemang',
    outlet_address: 'Jl. Kemang Raya No. 12, Jakarta Selatan',
  },
  {
    business_outlet_id: 2,
    outlet_name: 'Serambi Klinik Menteng',
    outlet_address: 'Jl. HOS Cokroaminoto No. 45, Menteng, Jakarta Pusat',
  },
];

const paymentMethods = [
  { payment_method_name: 'Cash', table_name: 'payment_method', table_id: 1 },
  { payment_method_name: 'Debit Card', table_name: 'payment_method', table_id: 2 },
  { payment_method_name: 'Credit Card', table_name: 'payment_method', table_id: 3 },
  { payment_method_name: 'QRIS', table_name: 'payment_method', table_id: 4 },
  { payment_method_name: 'Bank Transfer', table_name: 'payment_method', table_id: 5 },
  { payment_method_name: 'Deposit', table_name: 'business_wallet', table_id: 1 },
  { payment_method_name: 'Piutang', table_name: 'account_receivable', table_id: 1 },
];

const hoursAgo = (h: number) => `${formatOutletStamp(Date.now() - h * 3600e3).slice(0, 16)}:00`;

const demo: ShellUserData = {
  business_user_id: 1,
  business_user_firstname: 'Dewi',
  cashier_name: 'Dewi Lestari',
  brand_name: 'Serambi Beauty',
  outlet_name: 'Serambi Salon Kemang',
  outlet_id: 1,
  business_outlets: outlets,
  is_getpos: 1,
  pos_shift_enforced: 0,
  payment_method: paymentMethods,
  auth_role_accesses: flags(ALL_FLAGS),
  signed_in_at: hoursAgo(3),
  retrieve_time: hoursAgo(1),
};

const reportFlags = [
  'REPORT',
  'SALES_REPORT',
  'WORKER_ACTIVITY',
  'PRODUCT_CONSUMPTION',
  'EXPIRED_COUPON',
  'OMZET_RECAPITULATION',
  'CUSTOMER_BIRTHDAY',
  'TREATMENT_REMINDER',
];

const trxs: SummaryTrx[] = [
  {
    trx_status_id: 3,
    drv_grand_total: 185000,
    payments: [{ payment_type: 'NORMAL', payment_amount: 200000, payment_method: paymentMethods[0] }],
  },
  {
    trx_status_id: 3,
    drv_grand_total: 454500,
    payments: [
      {
        payment_type: 'NORMAL',
        payment_amount: 454500,
        payment_charge: 4500,
        payment_method: paymentMethods[2],
      },
    ],
  },
  {
    trx_status_id: 3,
    drv_grand_total: 350000,
    payments: [{ payment_type: 'DEPOSIT', payment_amount: 350000, payment_method: paymentMethods[5] }],
  },
  {
    trx_status_id: 3,
    drv_grand_total: 120000,
    payments: [{ payment_type: 'NORMAL', payment_amount: 120000, payment_method: paymentMethods[3] }],
  },
  { trx_status_id: 2, drv_grand_total: 275000, payments: [] },
];

export interface Scenario {
  path: string;
  view: SessionView;
  transactions: SummaryTrx[];
}

const base = (user: ShellUserData | null, path: string, extra: Partial<SessionView> = {}): Scenario => ({
  path,
  view: {
    ready: true,
    authenticated: user !== null,
    userData: user,
    pendingSignOut: false,
    hasActiveShift: false,
    device: DEFAULT_DEVICE,
    busy: null,
    ...extra,
  },
  transactions: trxs,
});

export const SCENARIOS: Record<string, Scenario> = {
  'sign-in': base(null, '/sign-in'),
  'choose-outlet': base({ ...demo, outlet_id: null, outlet_name: null }, '/choose-outlet'),
  'home-kemang': base(demo, '/'),
  'home-menteng-stale': base(
    {
      ...demo,
      business_user_firstname: 'Rina',
      outlet_id: 2,
      outlet_name: 'Serambi Klinik Menteng',
      is_getpos: 0,
      signed_in_at: hoursAgo(50),
    },
    '/',
    { hasActiveShift: true },
  ),
  'home-kasir': base(
    {
      ...demo,
      business_user_firstname: 'Kasir',
      auth_role_accesses: flags(
        ALL_FLAGS.filter((f) => !reportFlags.includes(f)),
        reportFlags,
      ),
    },
    '/',
  ),
  'shift-required': base(
    { ...demo, outlet_id: 2, outlet_name: 'Serambi Klinik Menteng', is_getpos: 0, pos_shift_enforced: 1 },
    '/',
  ),
  placeholder: base(demo, '/report/coupon'),
  purgatory: base(null, '/purgatory'),
};
