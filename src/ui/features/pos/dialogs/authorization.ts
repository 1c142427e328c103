// The authorization modals (000 §2, §5 "Authorization modals"): a masked password and a reason,
// checked with src/domain, then the password verified by the server (cashier/pos/pin-validation).
import { isApiError } from '../../../../api/http';
import { validateAuthorization } from '../../../../domain';
import type { Authorization } from '../../../../projections/commands';
import type { DialogsApi } from './dialogs-api';

export type AuthorizationKind = 'qty-reduction' | 'deletion';

export const reasonLabel = (kind: AuthorizationKind): string =>
  kind === 'qty-reduction' ? 'Alasan Pengurangan Qty' : 'Alasan Penghapusan';

export type AuthorizationOutcome =
  | { ok: true; authorization: Authorization }
  | { ok: false; message: string };

/** Blank fields first (no call); then the server's verdict (its message, e.g. a wrong password). */
export async function verifyAuthorization(
  api: Pick<DialogsApi, 'validatePin'>,
  input: { password: string; reason: string; kind: AuthorizationKind },
): Promise<AuthorizationOutcome> {
  const message = validateAuthorization(input);
  if (message) return { ok: false, message };
  let supervisor: Authorization['supervisor'];
  try {
    const answer = await api.validatePin(input.password);
    // who the password belongs to: kept with the deletion's event for the auditor (issue 15)
    if (answer && typeof answer.business_user_id === 'number')
      supervisor = {
        business_user_id: answer.business_user_id,
        supervisor_name: answer.supervisor_name,
        validated_at: answer.validated_at,
      };
  } catch (error) {
    return {
      ok: false,
      message: isApiError(error) || error instanceof Error ? error.message : String(error),
    };
  }
  return {
    ok: true,
    authorization: {
      password: input.password,
      reason: input.reason.trim(),
      verified: true,
      ...(supervisor ? { supervisor } : {}),
    },
  };
}
