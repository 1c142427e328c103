import {
  type BillRow,
  billHistoryResponse,
  type HistoryQuery,
  type ItemRow,
  itemHistoryResponse,
  MEMBER_INFO_PATHS,
  type MemberEditRequest,
  type MemberInfo,
  memberInfo,
  type NfcRegisterRequest,
  referenceGenerateResponse,
} from './contract/member';
import type { CustomerIdentifier } from './customer';
import { type ApiClient, SHORT_TIMEOUT_MS } from './http';

/** Member info's calls (001 §7), typed by src/api/contract/member.ts. */
export interface MemberApi {
  info(id: CustomerIdentifier): Promise<MemberInfo>;
  /** The member edit or the NIK step; resolves with the server's message. */
  edit(body: MemberEditRequest): Promise<string>;
  generateReference(user_id: string): Promise<{ reference_code: string; message: string }>;
  setNfc(mode: 'new' | 'change', body: NfcRegisterRequest): Promise<string>;
  checkNfc(body: { user_id: string; nfc_security_code: string }): Promise<string>;
  bills(query: HistoryQuery): Promise<BillRow[]>;
  items(query: HistoryQuery): Promise<ItemRow[]>;
}

export function createMemberApi(client: ApiClient): MemberApi {
  const message = async (path: string, body: unknown, fallback: string) => {
    const r = await client.requestEnvelope({ method: 'POST', path, body });
    return r.message ?? fallback;
  };
  return {
    info: (id) =>
      client.request({
        method: 'POST',
        path: MEMBER_INFO_PATHS.info,
        body: id,
        timeoutMs: SHORT_TIMEOUT_MS,
        schema: memberInfo,
      }),
    edit: (body) => message(MEMBER_INFO_PATHS.edit, body, ''),
    generateReference: async (user_id) => {
      const r = await client.requestEnvelope({
        method: 'POST',
        path: MEMBER_INFO_PATHS.referenceGenerate,
        body: { user_id },
        schema: referenceGenerateResponse,
      });
      return { reference_code: r.data.reference_code, message: r.message ?? '' };
    },
    setNfc: (mode, body) =>
      message(mode === 'new' ? MEMBER_INFO_PATHS.nfcNew : MEMBER_INFO_PATHS.nfcChange, body, ''),
    checkNfc: (body) => message(MEMBER_INFO_PATHS.nfcCheck, body, ''),
    bills: async (query) =>
      (
        await client.request({
          method: 'GET',
          path: MEMBER_INFO_PATHS.billHistory,
          query: { ...query, num_of_rows: Number(query.num_of_rows ?? 100) },
          schema: billHistoryResponse,
        })
      ).trxs,
    items: async (query) =>
      (
        await client.request({
          method: 'GET',
          path: MEMBER_INFO_PATHS.itemHistory,
          query: { ...query, num_of_rows: Number(query.num_of_rows ?? 100) },
          schema: itemHistoryResponse,
        })
      ).trxs,
  };
}
