// No input yields a 500 (issue 11 item 4): every registered route is called with inputs derived from its
// zod contract and with the values that broke the server (NUL, half an emoji, 8 KB ids, 5,000 levels of
// JSON, %00 in a path …); each answer is below 500 and an error carries a message. CI runs a few inputs per
// route with a fixed seed; bench/fuzz.bench.ts runs many more (FUZZ_RUNS, FUZZ_SEED).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../../../server/app';
import { ROLE_FLAGS } from '../../../server/db/demo/types';
import { clientPlugin } from '../../../server/static';
import { appointmentDayQuery, appointmentSaveRequest } from '../../../src/api/contract/appointment';
import { auditDayQuery, uploadEventsRequest } from '../../../src/api/contract/audit';
import {
  customerIdentifierRequest,
  pinValidationRequest,
  posUserQuery,
  userSearchQuery,
} from '../../../src/api/contract/customer';
import { emrAccessQuery, emrPutRequest } from '../../../src/api/contract/emr-records';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { trxHistoryQuery } from '../../../src/api/contract/history';
import {
  adjustmentRequest,
  currentStockQuery,
  searchItemQuery,
  stockCardQuery,
  stockInRequest,
  stockListQuery,
  stockOutRequest,
  transferInRequest,
  transferOutRequest,
} from '../../../src/api/contract/inventory';
import {
  activityDeleteRequest,
  activityRequest,
  icd10Query,
  journalNotesRequest,
  statisticQuery,
} from '../../../src/api/contract/journal';
import {
  couponPreviewRequest,
  loyaltyIngestRequest,
  redeemConfirmRequest,
  redeemSaveRequest,
  userCouponsRequest,
} from '../../../src/api/contract/loyalty';
import { maintenanceUnlockBody } from '../../../src/api/contract/maintenance';
import {
  historyQuery,
  memberEditRequest,
  memberUserIdRequest,
  nfcCheckRequest,
  nfcRegisterRequest,
} from '../../../src/api/contract/member';
import { memberSearchQuery, membershipActivationRequest } from '../../../src/api/contract/member-search';
import {
  archiveSaveRequest,
  posTrxBatchRequest,
  posTrxRequest,
  posTrxVoidRequest,
} from '../../../src/api/contract/pos';
import { postEditRequest, receiptSendRequest } from '../../../src/api/contract/receipt';
import { userAccountReceivablesQuery } from '../../../src/api/contract/receivable';
import {
  agentRewardListQuery,
  redeemScanQuery,
  smsRedeemRequest,
  smsRedeemResendRequest,
  smsSaveRequest,
  smsValidateRequest,
} from '../../../src/api/contract/redeem';
import {
  patientActivationRequest,
  sessionCreateRequest,
  sessionDeleteRequest,
  sessionListQuery,
  sessionUpdateRequest,
} from '../../../src/api/contract/registration';
import {
  brandExportQuery,
  listReportQuery,
  salesReportQuery,
  salesTrxReportQuery,
  workerReportQuery,
} from '../../../src/api/contract/report';
import {
  locationRequest,
  organizationInitRequest,
  organizationRequest,
} from '../../../src/api/contract/satusehat';
import {
  configQuery,
  forgotPasswordRequest,
  resetPasswordRequest,
  signInConfirmationRequest,
  signInRequest,
  signOutQuery,
  signOutRequest,
} from '../../../src/api/contract/session';
import { settlementQuery } from '../../../src/api/contract/settlement';
import { shiftExpensesRequest, shiftStartRequest, shiftSyncRequest } from '../../../src/api/contract/shift';
import { outletDate } from '../../../src/domain/history';
import { userWithFlags } from '../customer/fixtures';
import { type Backend, call, DEMO_PASSWORD, signIn, startTestServer, type Tokens } from '../helpers';
import { line, outletConfig, RETAIL, type ServedConfig, sale, submit } from '../pos/fixtures';
import { deepJson, fromSchema, mutated, urlPiece } from './arbitrary';

const CUSTOMER = 'SB26000001';
const FUZZ_USER = 9_101;
const FUZZ_EMAIL = `user${FUZZ_USER}@serambi.id`;
/** The history's one day (the test server's clock starts at the real time). */
const TODAY = outletDate(new Date());

type Json = Record<string, unknown>;
interface Known {
  tokens: Tokens;
  kemang: ServedConfig;
  stored: { local_trx_id: string; pos_sales_trx_head_id: number; receipt_token: string; trx: Json };
}

/** What a route reads: its query, body and path parameters, each with a contract and a valid sample. */
interface RouteInputs {
  query?: { schema?: z.ZodType; sample: Json };
  body?: { schema?: z.ZodType; sample: (k: Known) => unknown };
  params?: Record<string, (k: Known) => string[]>;
  /** The route ends the session: each run signs in anew. */
  freshSession?: boolean;
}

const trxBody = (k: Known) => sale(k.kemang, [line(k.kemang, RETAIL)], { extra: { trx_notes: 'catatan' } });

const appointmentSample = () => ({
  local_appointment_id: randomUUID(),
  user_code: null,
  user_name: 'Guest',
  pos_salesType_id: 701,
  business_commission_worker_id: 201,
  appointment_date: '2031-01-01',
  start_time: '10:00',
  end_time: '11:00',
  appointment_notes: null,
  pos_local_trx_id: randomUUID(),
  pos_trx: null,
  tags: [301],
});

/** Every API route with inputs; a route missing here fails the walk (add it when you add a route). */
const ROUTES: Record<string, RouteInputs> = {
  'GET /healthz': {},
  'POST /cashier/pos/auth/sign-in': {
    body: {
      schema: signInRequest,
      sample: () => ({ email: FUZZ_EMAIL, password: 'salah', subscription_user_type_status: 'cashier' }),
    },
  },
  'POST /cashier/pos/auth/sign-in-confirmation': {
    body: { schema: signInConfirmationRequest, sample: (k) => ({ login_token: k.tokens.login_token }) },
  },
  'POST /cashier/pos/auth/sign-out': {
    freshSession: true,
    query: { schema: signOutQuery, sample: { settlement: '0' } },
    body: {
      schema: signOutRequest,
      sample: (k) => ({ deletedTrxs: [], pendingTrxs: [{ ...trxBody(k), trx_status_id: 1 }] }),
    },
  },
  'POST /cashier/auth/forgot-password': {
    body: { schema: forgotPasswordRequest, sample: () => ({ email: FUZZ_EMAIL }) },
  },
  'POST /cashier/auth/reset-password': {
    body: { schema: resetPasswordRequest, sample: () => ({ reset_token: 'abc', password: 'rahasia123' }) },
  },
  'GET /cashier/config': { query: { schema: configQuery, sample: { outlet_id: '1' } } },
  'GET /cashier/appointment': {},
  'GET /cashier/appointments': {
    query: { schema: appointmentDayQuery, sample: { start_date: '2031-01-01', end_date: '2031-01-01' } },
  },
  'POST /cashier/appointment': {
    body: { schema: appointmentSaveRequest, sample: () => appointmentSample() },
  },
  'PUT /cashier/appointment': { body: { schema: appointmentSaveRequest, sample: () => appointmentSample() } },
  'DELETE /cashier/appointments/:local_appointment_id': {
    params: { local_appointment_id: () => [randomUUID()] },
  },
  'POST /cashier/pos-trx': {
    body: {
      schema: posTrxRequest,
      sample: (k) => ({ is_offline: 1, local_sync_time: '2026-11-22 10:00:00', trxs: [trxBody(k)] }),
    },
  },
  // issue 28: the batch sync (each sale parsed on its own: a broken one is its own refusal, never a 500)
  'POST /cashier/pos-trx-batch': {
    body: {
      schema: posTrxBatchRequest,
      sample: (k) => ({
        is_offline: 1,
        local_sync_time: '2026-11-22 10:00:00',
        trxs: [trxBody(k)],
      }),
    },
  },
  'POST /cashier/pos-trx/void/:id': {
    params: { id: (k) => [String(k.stored.pos_sales_trx_head_id)] },
    body: { schema: posTrxVoidRequest, sample: () => ({ password: DEMO_PASSWORD, reason: 'salah input' }) },
  },
  'POST /cashier/pos-sales-trx-archive': {
    body: { schema: archiveSaveRequest, sample: (k) => ({ trx: { ...trxBody(k), trx_status_id: 1 } }) },
  },
  'GET /cashier/pos-sales-trx-archive': {},
  'GET /cashier/pos-sales-trx-archive/:local_trx_id': {
    params: { local_trx_id: (k) => [k.stored.local_trx_id] },
  },
  'DELETE /cashier/pos-sales-trx-archive/:local_trx_id': {
    params: { local_trx_id: (k) => [k.stored.local_trx_id] },
  },
  'GET /cashier/inventory/inventory-out/:localTrxId': {
    params: { localTrxId: (k) => [k.stored.local_trx_id] },
  },
  'GET /cashier/pos/receipt-view/:receipt_token': {
    params: { receipt_token: (k) => [k.stored.receipt_token] },
  },
  'GET /cashier/pos-trx/:local_trx_id': { params: { local_trx_id: (k) => [k.stored.local_trx_id] } },
  'GET /cashier/pos-trx-history': {
    query: {
      schema: trxHistoryQuery,
      sample: { start_date: TODAY, end_date: TODAY, num_of_rows: '10', start_row: '0', search_term: 'a' },
    },
  },
  'GET /cashier/pos-trx-history/:local_trx_id': {
    params: { local_trx_id: (k) => [k.stored.local_trx_id] },
  },
  'POST /cashier/pos/receipt-send': {
    body: {
      schema: receiptSendRequest,
      sample: (k) => ({ local_trx_id: k.stored.local_trx_id, receipt_type: 'text' }),
    },
  },
  'PUT /cashier/pos-trx-detail': {
    body: {
      schema: postEditRequest,
      sample: (k) => ({ edit_session_id: randomUUID(), input_data: k.stored.trx }),
    },
  },
  'POST /cashier/pos/user': {
    query: { schema: posUserQuery, sample: { retrieve_coupon: '1' } },
    body: {
      schema: customerIdentifierRequest,
      sample: () => ({ user_identifier_type: 'code', user_identifier_string: CUSTOMER }),
    },
  },
  'GET /cashier/pos/user-search': { query: { schema: userSearchQuery, sample: { keyword: 'sari' } } },
  'GET /cashier/pos/member-search': { query: { schema: memberSearchQuery, sample: { keyword: 'sari' } } },
  'POST /cashier/membership/activation': {
    body: {
      schema: membershipActivationRequest,
      sample: () => ({
        user_identifier_type: 'phone',
        user_identifier_string: '+6281234567890',
        business_membership_id: 1,
        pos_trx_code: 'INV-1',
      }),
    },
  },
  'GET /cashier/customer-activity': {
    query: {
      schema: customerIdentifierRequest,
      sample: { user_identifier_type: 'code', user_identifier_string: CUSTOMER },
    },
  },
  'GET /cashier/pos/discount': {},
  'GET /cashier/pos-tag': {},
  'GET /cashier/pos-area': {},
  'POST /cashier/pos/pin-validation': {
    body: { schema: pinValidationRequest, sample: () => ({ password: DEMO_PASSWORD }) },
  },
  'GET /cashier/pos-shift': {},
  'POST /cashier/pos-shift/start': {
    body: {
      schema: shiftStartRequest,
      sample: () => ({
        shift: { local_shift_id: randomUUID(), shift_start: '2026-11-22 09:00:00', cash_start: 100_000 },
      }),
    },
  },
  // issue 24: SMS redemption and the user-coupons call
  'GET /cashier/reward-redemption-item': {},
  'POST /cashier/validate-sms-redeem-reward': {
    body: { schema: smsValidateRequest, sample: () => ({ reward_redeem_sms_id: 1, scancode: '123456' }) },
  },
  'POST /cashier/save-sms-redeem-reward': {
    body: {
      schema: smsSaveRequest,
      sample: () => ({ reward_redeem_sms_id: 1, scancode: '123456', pos_trx_code: 'INV-1' }),
    },
  },
  'POST /cashier/coupon/direct-redeem/preview': {
    body: { schema: userCouponsRequest, sample: () => ({ user_code: CUSTOMER }) },
  },
  // issue 27: worker activity and the list reports
  'GET /cashier/pos-sales-trx-commission-summary': {
    query: { schema: workerReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/pos-sales-trx-commission': {
    query: {
      schema: workerReportQuery,
      sample: { start_date: TODAY, end_date: TODAY, item_nature: 'SERVICE' },
    },
  },
  'GET /cashier/pos-sales-trx-commission-by-trx': {
    query: { schema: workerReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/coupon-expired': {
    query: { schema: listReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/omzet-recapitulation': {
    query: { schema: listReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/customer-birthday': {
    query: { schema: listReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/product-consumption': {
    query: { schema: listReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/treatment-reminder': {
    query: { schema: listReportQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/brand-export': { query: { schema: brandExportQuery, sample: { format: 'json' } } },
  // issue 25: the journal, ICD-10, statistics, medical records, SATUSEHAT
  'POST /cashier/user/info': {
    body: {
      schema: customerIdentifierRequest,
      sample: () => ({ user_identifier_type: 'qr', user_identifier_string: CUSTOMER }),
    },
  },
  'POST /cashier/user/edit-journal-notes': {
    body: { schema: journalNotesRequest, sample: () => ({ user_id: 1, journal_notes: 'catatan' }) },
  },
  'POST /cashier/customer-activity': {
    body: {
      schema: activityRequest,
      sample: () => ({ local_trx_id: randomUUID(), user_code: 1, activity_notes: 'catatan' }),
    },
  },
  'PUT /cashier/customer-activity': {
    body: {
      schema: activityRequest,
      sample: () => ({ local_trx_id: randomUUID(), user_code: 1, activity_notes: 'catatan' }),
    },
  },
  'DELETE /cashier/customer-activity': {
    query: {
      schema: activityDeleteRequest,
      sample: { local_trx_id: '0b7c2f1e-1111-4aaa-9bbb-00000abc123f' },
    },
  },
  'GET /cashier/satu-sehat-icd-10-search': {
    query: { schema: icd10Query, sample: { search_term: 'demam' } },
  },
  'GET /cashier/emr/statistic/patient-count/monthly': {
    query: { schema: statisticQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/emr/statistic/patient-count/by-diagnosis': {
    query: { schema: statisticQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/emr/statistic/patient-count/by-gender': {
    query: { schema: statisticQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'GET /cashier/customer-activity/photo/:token': {
    params: { token: () => ['no-such-photo', 'x'.repeat(64)] },
  },
  'GET /cashier/customer-emr': {
    query: { sample: { user_identifier_type: 'qr', user_identifier_string: CUSTOMER } },
  },
  'PUT /cashier/customer-emr': {
    body: { schema: emrPutRequest, sample: () => ({ user_code: CUSTOMER, riwayat_alergi: '{}' }) },
  },
  'GET /cashier/customer-emr/access-log': {
    query: { schema: emrAccessQuery, sample: { start_date: TODAY, end_date: TODAY } },
  },
  'POST /cashier/sync-patient-id': {
    body: {
      schema: customerIdentifierRequest,
      sample: () => ({ user_identifier_type: 'qr', user_identifier_string: CUSTOMER }),
    },
  },
  'GET /cashier/satu-sehat-organization': {},
  'POST /cashier/satu-sehat-organization-init': {
    body: { schema: organizationInitRequest, sample: () => ({ satusehat_organization_id: 'org-1' }) },
  },
  'GET /cashier/satu-sehat-organization/:id': { params: { id: () => ['1', '999999'] } },
  'POST /cashier/satu-sehat-organization': {
    body: { schema: organizationRequest, sample: () => ({ organization_name: 'Poli Kulit' }) },
  },
  'PUT /cashier/satu-sehat-organization/:id': {
    params: { id: () => ['999999'] },
    body: { schema: organizationRequest, sample: () => ({ organization_name: 'Poli Kulit' }) },
  },
  'DELETE /cashier/satu-sehat-organization/:id': { params: { id: () => ['999999'] } },
  'GET /cashier/satu-sehat-location': {},
  'GET /cashier/satu-sehat-location/:id': { params: { id: () => ['1', '999999'] } },
  'POST /cashier/satu-sehat-location': {
    body: { schema: locationRequest, sample: () => ({ location_name: 'Ruang 1' }) },
  },
  'PUT /cashier/satu-sehat-location/:id': {
    params: { id: () => ['999999'] },
    body: { schema: locationRequest, sample: () => ({ location_name: 'Ruang 1' }) },
  },
  'DELETE /cashier/satu-sehat-location/:id': { params: { id: () => ['999999'] } },
  // issue 26: the registration queue
  'GET /cashier/customer-flow-status': {},
  'GET /cashier/customer-flow': { query: { schema: sessionListQuery, sample: { filter_date: TODAY } } },
  'POST /cashier/customer-flow': {
    body: {
      schema: sessionCreateRequest,
      sample: () => ({
        local_session_id: randomUUID(),
        user_code: CUSTOMER,
        pendaftaran_time: `${TODAY} 10:00:00`,
        status: 'Menunggu',
      }),
    },
  },
  'PUT /cashier/customer-flow': {
    body: {
      schema: sessionUpdateRequest,
      sample: () => ({ local_session_id: randomUUID(), local_change_id: randomUUID(), status: 'Selesai' }),
    },
  },
  'DELETE /cashier/customer-flow': {
    body: { schema: sessionDeleteRequest, sample: () => ({ user_business_session_id: 999_999 }) },
  },
  'POST /cashier/patient-membership-activation': {
    body: {
      schema: patientActivationRequest,
      sample: () => ({
        user_identifier_type: 'phone',
        user_identifier_string: '6281234500001',
        user_name: 'Tamu',
      }),
    },
  },
  'POST /cashier/pos-shift/expenses': {
    body: {
      schema: shiftExpensesRequest,
      sample: () => ({
        local_shift_id: randomUUID(),
        expenses: [{ key: randomUUID(), expenseTitle: 'Parkir', expenseAmount: 5_000 }],
      }),
    },
  },
  'POST /cashier/pos-shift': {
    body: {
      schema: shiftSyncRequest,
      sample: () => ({
        shifts: [
          {
            local_shift_id: randomUUID(),
            shift_start: '2026-11-22 09:00:00',
            shift_end: '2026-11-22 17:00:00',
            cash_start: 100_000,
            cash_end_actual: 100_000,
            expenses: [{ key: 'k1', expenseTitle: 'Parkir', expenseAmount: 2_000 }],
            trxs: { drvPaymentMethods: [], total_amount: 0, total_trx_count: 0 },
          },
        ],
      }),
    },
  },
  'GET /cashier/pos/settlement': {
    query: {
      schema: settlementQuery,
      sample: {
        start_datetime: '2026-11-22 00:00:00',
        end_datetime: '2026-11-22 23:59:59',
        all_trx: '1',
        group_by: 'outlet',
      },
    },
  },
  // the audit log (issue 15): a device's events, an outlet's day, one transaction's steps
  'POST /cashier/audit/events': {
    body: {
      schema: uploadEventsRequest,
      sample: () => ({
        events: [
          {
            id: 'fuzz-event-1',
            type: 'trx.created',
            v: 1,
            at: '2026-11-22T01:00:00.000Z',
            actor: 1,
            trxId: 'fuzz-trx-1',
            payload: { local_trx_id: 'fuzz-trx-1' },
            chain: { device: 'fuzz-device', n: 1, prev: '0'.repeat(64), hash: '1'.repeat(64) },
          },
        ],
      }),
    },
  },
  'GET /cashier/audit/day': {
    query: { schema: auditDayQuery, sample: { outlet_id: '1', date: '2026-11-22' } },
  },
  'GET /cashier/audit/trx/:local_trx_id': {
    params: { local_trx_id: (k) => [k.stored.local_trx_id] },
  },
  // the redeem dialog's calls (issue 14)
  'GET /cashier/reward/preview': {
    query: { schema: redeemScanQuery, sample: { scancode: 'RDM-TIDAK-ADA' } },
  },
  'POST /cashier/sms-redeem-reward': {
    body: {
      schema: smsRedeemRequest,
      sample: () => ({ user_identifier_string: CUSTOMER, reward_redemption_item_id: 901 }),
    },
  },
  'POST /cashier/sms-redeem-reward-resend': {
    body: { schema: smsRedeemResendRequest, sample: () => ({ reward_redeem_sms_id: 1 }) },
  },
  // the loyalty screens' calls (issue 24)
  'POST /cashier/loyalty-trx': {
    body: {
      schema: loyaltyIngestRequest,
      sample: () => ({
        is_offline: 0,
        trxs: [
          {
            local_trx_id: 'fuzz-loyalty-1',
            pos_trx_code: 'INV-1',
            trx_amount: 150000,
            user_identifier_type: 'qr',
            user_identifier_string: CUSTOMER,
            user_code: CUSTOMER,
            trx_time: `${TODAY} 10:00:00`,
          },
        ],
      }),
    },
  },
  'POST /cashier/reward/redeem': {
    body: { schema: redeemConfirmRequest, sample: () => ({ scancode: 'RDM-TIDAK-ADA' }) },
  },
  'POST /cashier/reward/save-redeem': {
    body: { schema: redeemSaveRequest, sample: () => ({ scancode: 'RDM-TIDAK-ADA', pos_trx_code: 'INV-1' }) },
  },
  'POST /cashier/coupon/redeem/preview': {
    body: { schema: couponPreviewRequest, sample: () => ({ qr_code: '1' }) },
  },
  'GET /cashier/pos/reward-agent-redeem/transaction/list': {
    query: { schema: agentRewardListQuery, sample: { user_code: CUSTOMER } },
  },
  'GET /cashier/pos/coupon-agent-redeem/transaction/list': {
    query: { schema: agentRewardListQuery, sample: { user_code: CUSTOMER } },
  },
  'GET /cashier/account-receivable': {},
  // issue 27: the FAQs, and the maintenance passphrase (public, rate-limited)
  'GET /cashier/help': {},
  'GET /cashier/pos-trx-detail': {
    query: {
      schema: salesTrxReportQuery,
      sample: {
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        item_nature: '',
        report_type: 'by-transaction',
      },
    },
  },
  'GET /cashier/pos-sales-item-summary': {
    query: {
      schema: salesReportQuery,
      sample: { start_date: '2026-11-01', end_date: '2026-11-30', item_nature: 'SERVICE' },
    },
  },
  'POST /cashier/maintenance/unlock': {
    body: { schema: maintenanceUnlockBody, sample: () => ({ passphrase: 'salah' }) },
  },
  'GET /cashier/user-account-receivables': {
    query: { schema: userAccountReceivablesQuery, sample: { user_id: CUSTOMER } },
  },
  // inventory (issue 13): reads and idempotent writes on the stock ledger
  'GET /cashier/inv-vendor': {},
  'GET /cashier/inventory/search-item': {
    query: { schema: searchItemQuery, sample: { item_name: 'makarizo' } },
  },
  'GET /cashier/inventory/current-stock': {
    query: { schema: currentStockQuery, sample: { pos_item_variant_id: '10721', inv_sloc_id: '31' } },
  },
  'GET /cashier/inventory/outlet-stock': { query: { schema: stockListQuery, sample: { inv_sloc_id: '31' } } },
  'GET /cashier/inventory/stock-card': {
    query: { schema: stockCardQuery, sample: { pos_item_variant_id: '10721', inv_sloc_id: '31', page: '2' } },
  },
  'POST /cashier/inventory/inventory-in': {
    body: {
      schema: stockInRequest,
      sample: () => ({
        local_trx_id: randomUUID(),
        trx_type: 'FROM_SUPPLIER',
        inv_vendor_id: 401,
        inv_sloc_id: 31,
        items: [
          {
            uuid: randomUUID(),
            pos_item_variant_id: 10721,
            qty: 1,
            bad_qty: 0,
            disc_percent: 0,
            price: 1_000,
          },
        ],
      }),
    },
  },
  'POST /cashier/inventory/inventory-out': {
    body: {
      schema: stockOutRequest,
      sample: () => ({
        local_trx_id: randomUUID(),
        trx_type: 'TO_BAD_STOCK',
        inv_sloc_id: 31,
        items: [{ uuid: randomUUID(), pos_item_variant_id: 10721, qty: 1 }],
      }),
    },
  },
  'POST /cashier/inventory/inventory-adjustment': {
    body: {
      schema: adjustmentRequest,
      sample: () => ({
        local_trx_id: randomUUID(),
        inv_sloc_id: 31,
        pos_item_variant_id: 10721,
        adjustment_type: 'INCREASE',
        qty: 1,
        input_qty: 1,
        bad_qty: 0,
      }),
    },
  },
  'POST /cashier/inventory/transfer-out': {
    body: {
      schema: transferOutRequest,
      sample: () => ({
        local_trx_id: randomUUID(),
        source_inv_sloc_id: 31,
        target_inv_sloc_id: 32,
        items: [{ uuid: randomUUID(), pos_item_variant_id: 10721, qty: 1 }],
      }),
    },
  },
  'GET /cashier/inventory/transfer-in': {},
  'POST /cashier/inventory/transfer-in': {
    body: { schema: transferInRequest, sample: () => ({ inv_stock_trf_head_id: 1, inv_sloc_id: 31 }) },
  },
  // member info (issue 24)
  'POST /cashier/membership/info': {
    body: {
      schema: customerIdentifierRequest,
      sample: () => ({ user_identifier_type: 'qr', user_identifier_string: CUSTOMER }),
    },
  },
  'POST /cashier/user/edit': {
    body: {
      schema: memberEditRequest,
      sample: () => ({
        user_id: CUSTOMER,
        nik: '3171234567890123',
        user_photo: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    },
  },
  'GET /cashier/user/photo/:token': { params: { token: () => ['abcdefghijklmnopqrstuvwx', '..', 'x'] } },
  'POST /cashier/user/reference-code-generate': {
    body: { schema: memberUserIdRequest, sample: () => ({ user_id: CUSTOMER }) },
  },
  'POST /cashier/user/new-nfc-security-code': {
    body: {
      schema: nfcRegisterRequest,
      sample: () => ({ user_id: CUSTOMER, nfc_security_code: 'FUZZ', password: 'salah' }),
    },
  },
  'POST /cashier/user/nfc-security-code': {
    body: {
      schema: nfcRegisterRequest,
      sample: () => ({ user_id: CUSTOMER, nfc_security_code: 'FUZZ', password: 'salah' }),
    },
  },
  'POST /cashier/user/check-nfc-security-code': {
    body: { schema: nfcCheckRequest, sample: () => ({ user_id: CUSTOMER, nfc_security_code: 'FUZZ' }) },
  },
  'GET /cashier/member-trx-history': {
    query: {
      schema: historyQuery,
      sample: { user_code: CUSTOMER, start_date: TODAY, end_date: TODAY, num_of_rows: '100', type: 'all' },
    },
  },
  'GET /cashier/member-item-trx-history': {
    query: {
      schema: historyQuery,
      sample: { user_code: CUSTOMER, start_date: '', end_date: '', num_of_rows: '100', type: 'redeem' },
    },
  },
  // the built client (server/static.ts): its files and the SPA fallback
  'GET /*': { params: { '*': () => ['pos', 'receipt/abc', 'assets/index-abc.js'] } },
};

interface Request {
  url: string;
  body?: string;
  contentType: string;
}

const queryString = (entries: [string, string][]) =>
  entries.length === 0 ? '' : `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}`;

/** Requests for one route: path pieces, query and body from the contract, a valid sample mutated, or raw nasties. */
function requests(routeKey: string, url: string, inputs: RouteInputs, known: Known): fc.Arbitrary<Request> {
  const paramNames = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const path = fc
    .tuple(...paramNames.map((name) => urlPiece(inputs.params?.[name]?.(known) ?? ['x'])))
    .map((pieces) => {
      let i = 0;
      return url.replace(/:(\w+)|\*/g, () => pieces[i++]);
    });
  const querySample = inputs.query?.sample ?? {};
  const queryValue = fc.oneof(
    fc.constant(querySample),
    mutated(querySample),
    inputs.query?.schema ? fromSchema(inputs.query.schema, 2) : fc.constant({}),
  );
  const query = fc
    .tuple(
      queryValue,
      fc.option(fc.tuple(fc.constantFrom(...Object.keys(querySample), 'x'), urlPiece(['1'])), { freq: 3 }),
    )
    .map(([q, extra]) => {
      const entries: [string, string][] =
        q && typeof q === 'object' && !Array.isArray(q)
          ? Object.entries(q as Json)
              .filter(([, v]) => v !== undefined && v !== null)
              .map(([k, v]) => [
                k,
                encodeURIComponent(
                  String(typeof v === 'object' ? JSON.stringify(v) : v).replace(/[\ud800-\udfff]/g, '\ufffd'),
                ),
              ])
          : [];
      if (extra) entries.push(extra);
      return entries;
    });
  const bodySample = inputs.body?.sample(known);
  const rawBodies = fc.constantFrom(
    `{"x":${deepJson(5_000)}}`,
    deepJson(5_000),
    '{',
    'null',
    '[]',
    '"text"',
    '{"__proto__":{"admin":1}}',
    '\u0000',
  );
  const body: fc.Arbitrary<{ body?: string; contentType: string }> = inputs.body
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: mutated(bodySample).map((v) => ({
            body: JSON.stringify(v),
            contentType: 'application/json',
          })),
        },
        {
          weight: 2,
          arbitrary: fromSchema(inputs.body.schema as z.ZodType).map((v) => ({
            body: JSON.stringify(v) ?? 'null',
            contentType: 'application/json',
          })),
        },
        { weight: 1, arbitrary: rawBodies.map((b) => ({ body: b, contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc.constant({ body: JSON.stringify(bodySample), contentType: 'text/plain' }),
        },
      )
    : fc.constant({ contentType: 'application/json' });
  void routeKey;
  return fc.tuple(path, query, body).map(([p, q, b]) => ({ url: `${p}${queryString(q)}`, ...b }));
}

export interface FuzzOptions {
  runs: number;
  seed: number;
}

/** CI's few runs with a fixed seed, unless FUZZ_RUNS / FUZZ_SEED say otherwise (bench/fuzz.bench.ts). */
export const fuzzOptions = (ciRuns: number): FuzzOptions => ({
  runs: Number(process.env.FUZZ_RUNS ?? ciRuns),
  seed: Number(process.env.FUZZ_SEED ?? 20_261_125),
});

/** A server with the demo, the built client, a user with every flag at Kemang, one stored sale. */
export async function fuzzServer(backend: Backend) {
  const s = await startTestServer(backend);
  const dist = mkdtempSync(join(tmpdir(), 'serambi-fuzz-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  const app = await buildApp({
    db: s.database,
    clock: s.clock,
    integrations: s.integrations,
    plugins: [clientPlugin(dist)],
  });
  await app.ready();
  const tokens = await userWithFlags(
    s,
    FUZZ_USER,
    Object.fromEntries(ROLE_FLAGS.map((f) => [f, 1 as const])),
    { isSupervisor: true },
  );
  const kemang = await outletConfig(app, tokens, 1);
  const trx = trxBody({ tokens, kemang } as Known);
  const r = await submit(app, tokens, [trx]);
  if (r.statusCode !== 200) throw new Error(`sale: ${r.body}`);
  const head = r.json().data[0];
  const stored = await call(app, tokens, { method: 'GET', url: `/cashier/pos-trx/${trx.local_trx_id}` });
  const known: Known = {
    tokens,
    kemang,
    stored: {
      local_trx_id: trx.local_trx_id,
      pos_sales_trx_head_id: head.pos_sales_trx_head_id,
      receipt_token: stored.json().data.receipt_token,
      trx: stored.json().data,
    },
  };
  return {
    s,
    app,
    known,
    close: async () => {
      await app.close();
      await s.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** Every route the app registered, with its inputs (fails when a route has none listed). */
export function fuzzedRoutes(app: FastifyInstance) {
  const routes = app.routeTable.filter(
    (r) => r.method !== 'HEAD' && !r.url.startsWith('/assets/') && r.url !== '/' && r.url !== '/index.html',
  );
  // every route without inputs named at once, not the first one only
  const missing = routes.map((r) => `${r.method} ${r.url}`).filter((key) => !ROUTES[key]);
  expect(missing, 'routes with no fuzz inputs in test/server/fuzz/fuzz.suite.ts').toEqual([]);
  return routes.map((r) => {
    const key = `${r.method} ${r.url}`;
    return { key, method: r.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url: r.url, inputs: ROUTES[key] };
  });
}

/** Checks one answer: below 500, and an error envelope with a message when it is an API error. */
export function expectAnswered(
  key: string,
  req: Request,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  const what = `${key} ${req.url.slice(0, 200)} ${req.body?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
    const parsed = errorEnvelope.safeParse(JSON.parse(res.body));
    expect(parsed.success, what).toBe(true);
    expect(parsed.data?.error.message.length, what).toBeGreaterThan(0);
  }
}

/** Runs `runs` generated requests against every route; answers the number of requests made. */
export async function fuzzEveryRoute(
  server: Awaited<ReturnType<typeof fuzzServer>>,
  { runs, seed }: FuzzOptions,
): Promise<number> {
  let made = 0;
  const routes = fuzzedRoutes(server.app);
  for (const [index, route] of routes.entries()) {
    await fc.assert(
      fc.asyncProperty(requests(route.key, route.url, route.inputs, server.known), async (req) => {
        const tokens = route.inputs.freshSession ? await signIn(server.app, FUZZ_EMAIL) : server.known.tokens;
        const res = await call(server.app, tokens, {
          method: route.method,
          url: req.url,
          ...(req.body === undefined || route.method === 'GET'
            ? {}
            : { payload: req.body, headers: { 'content-type': req.contentType } }),
        });
        made++;
        expectAnswered(route.key, req, res);
      }),
      {
        numRuns: route.inputs.freshSession ? Math.max(1, Math.ceil(runs / 3)) : runs,
        seed: seed + index,
        endOnFailure: true,
      },
    );
  }
  return made;
}
