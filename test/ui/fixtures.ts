import type { ShellUserData } from '../../src/ui/app/user-data';

export const ALL_FLAGS = [
  'CASHIER_SYSTEM',
  'APPOINTMENT',
  'CUSTOMER_INFORMATION',
  'CUSTOMER_JOURNAL',
  'CUSTOMER_FLOW',
  'MEMBERSHIP_ACTIVATION',
  'TRX_HISTORY',
  'ACCOUNT_RECEIVABLE_LIST',
  'SHIFT_MANAGEMENT',
  'INVENTORY',
  'INV_STOCK_LIST',
  'INV_STOCK_IN',
  'INV_STOCK_OUT',
  'INV_STOCK_ADJUSTMENT',
  'INV_TRANSFER_IN',
  'INV_TRANSFER_OUT',
  'REPORT',
  'SALES_REPORT',
  'WORKER_ACTIVITY',
  'PRODUCT_CONSUMPTION',
  'EXPIRED_COUPON',
  'OMZET_RECAPITULATION',
  'CUSTOMER_BIRTHDAY',
  'TREATMENT_REMINDER',
  'RME_STATISTICS_KUNJUNGAN',
  'RME_STATISTICS_DIAGNOSA',
  'RME_STATISTICS_GENDER',
] as const;

export function flags(on: readonly string[], off: readonly string[] = []): Record<string, 0 | 1> {
  const out: Record<string, 0 | 1> = {};
  for (const f of on) out[f] = 1;
  for (const f of off) out[f] = 0;
  return out;
}

export function demoUser(overrides: Partial<ShellUserData> = {}): ShellUserData {
  return {
    business_user_id: 1,
    business_user_firstname: 'Demo',
    cashier_name: 'Demo Kasir',
    brand_name: 'Serambi Beauty',
    outlet_name: 'Serambi Salon Kemang',
    outlet_id: 1,
    is_getpos: 1,
    pos_shift_enforced: 0,
    auth_role_accesses: flags(ALL_FLAGS),
    ...overrides,
  };
}

/** kasir@serambi.id: Kemang only, no reports (conventions in the brief). */
export function kasirUser(): ShellUserData {
  const off = [
    'REPORT',
    'SALES_REPORT',
    'WORKER_ACTIVITY',
    'PRODUCT_CONSUMPTION',
    'EXPIRED_COUPON',
    'OMZET_RECAPITULATION',
    'CUSTOMER_BIRTHDAY',
    'TREATMENT_REMINDER',
  ];
  return demoUser({
    business_user_firstname: 'Kasir',
    auth_role_accesses: flags(
      ALL_FLAGS.filter((f) => !off.includes(f)),
      off,
    ),
  });
}
