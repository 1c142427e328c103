import {
  type DemoUser,
  type DemoUserGroup,
  type Flag,
  REPORT_FLAGS,
  ROLE_FLAGS,
  type RoleAccesses,
  type RoleFlag,
} from './types';

/** All flags 1, then the listed ones 0. */
function accesses(denied: readonly RoleFlag[] = []): RoleAccesses {
  const out = {} as RoleAccesses;
  for (const flag of ROLE_FLAGS) out[flag] = (denied.includes(flag) ? 0 : 1) as Flag;
  return out;
}

export const GROUP_OWNER = 1;
export const GROUP_KASIR = 2;
export const GROUP_DOKTER = 3;
export const GROUP_SUPERVISOR = 4;

export function userGroups(): DemoUserGroup[] {
  return [
    {
      business_user_group_id: GROUP_OWNER,
      group_name: 'Owner',
      auth_role_accesses: accesses(),
      is_void_allowed: 1,
    },
    {
      business_user_group_id: GROUP_KASIR,
      group_name: 'Kasir',
      // the restricted cashier of issue 2: no transaction discount, no price below original, no reports, no void
      auth_role_accesses: accesses([
        'AUDIT_LOG',
        'DISCOUNT_TRANSACTION',
        'CUSTOM_PRICE_LESS_THAN_ORIGINAL',
        ...REPORT_FLAGS,
      ]),
      is_void_allowed: 0,
    },
    {
      business_user_group_id: GROUP_DOKTER,
      group_name: 'Dokter',
      auth_role_accesses: accesses([
        'AUDIT_LOG',
        'INV_STOCK_ADJUSTMENT',
        'INV_TRANSFER_OUT',
        'OMZET_RECAPITULATION',
        'COUPON_SALES',
        'TOP_UP_DEPOSIT',
      ]),
      is_void_allowed: 1,
    },
    {
      business_user_group_id: GROUP_SUPERVISOR,
      group_name: 'Supervisor',
      auth_role_accesses: accesses(['AUDIT_LOG']),
      is_void_allowed: 1,
    },
  ];
}

export const DEMO_PASSWORD = 'demo1234';

export function users(): DemoUser[] {
  return [
    {
      business_user_id: 1,
      email: 'demo@serambi.id',
      password: DEMO_PASSWORD,
      firstname: 'Dewi',
      lastname: 'Anggraini',
      phone: '081210000001',
      business_user_group_id: GROUP_OWNER,
      outlet_ids: [1, 2],
      is_supervisor: 0,
    },
    {
      business_user_id: 2,
      email: 'kasir@serambi.id',
      password: DEMO_PASSWORD,
      firstname: 'Sari',
      lastname: 'Handayani',
      phone: '081210000002',
      business_user_group_id: GROUP_KASIR,
      outlet_ids: [1],
      is_supervisor: 0,
    },
    {
      business_user_id: 3,
      email: 'dokter@serambi.id',
      password: DEMO_PASSWORD,
      firstname: 'Andi',
      lastname: 'Saputra',
      phone: '081210000003',
      business_user_group_id: GROUP_DOKTER,
      outlet_ids: [2],
      is_supervisor: 0,
      health_worker: { nik: '3174051204850003', ihs_practitioner_id: '10009876543' },
    },
    {
      // issue 25: Menteng's nurse, in the doctor's group but not a registered health worker: the server
      // refuses her the medical records (001 §6)
      business_user_id: 5,
      email: 'perawat@serambi.id',
      password: DEMO_PASSWORD,
      firstname: 'Rina',
      lastname: 'Wulandari',
      phone: '081210000005',
      business_user_group_id: GROUP_DOKTER,
      outlet_ids: [2],
      is_supervisor: 0,
    },
    {
      business_user_id: 4,
      email: 'spv@serambi.id',
      password: DEMO_PASSWORD,
      firstname: 'Bayu',
      lastname: 'Nugroho',
      phone: '081210000004',
      business_user_group_id: GROUP_SUPERVISOR,
      outlet_ids: [1, 2],
      is_supervisor: 1,
    },
  ];
}
