import type { HelpResponse } from '../../src/api/contract/help';
import type { AppDeps } from '../deps';
import type { AuthContext } from './sessions';

/** The brand's FAQs (002 §2.21, §7), in their order; the answers' HTML as stored (the browser sanitises it). */
export async function helpFaqs(deps: AppDeps, auth: AuthContext): Promise<HelpResponse> {
  const rows = await deps.database.query<{ id: string; question: unknown; answer: unknown }>(
    `SELECT entity_id AS id, doc->>'question' AS question, doc->>'answer' AS answer
     FROM catalogue_entities WHERE business_id = $1 AND business_outlet_id = 0 AND kind = 'help_faqs'
     ORDER BY sort_order, (CASE WHEN entity_id ~ '^[0-9]{1,9}$' THEN entity_id::int END), entity_id`,
    [auth.business_id],
  );
  return rows.map((r) => ({
    business_user_faq_id: Number(r.id),
    question: String(r.question ?? ''),
    answer: String(r.answer ?? ''),
  }));
}
