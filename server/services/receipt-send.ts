import { sql } from 'drizzle-orm';
import type { ReceiptSendResponse, ReceiptType } from '../../src/api/contract/receipt';
import { messagingPhone } from '../../src/domain/messaging-phone';
import { posTransactionSchema } from '../../src/domain/model/transaction';
import type { ReceiptConfig } from '../../src/domain/receipt';
import { RECEIPT_MESSAGES } from '../../src/domain/texts/receipt';
import { validateReceiptEmail, validateReceiptPhone } from '../../src/domain/validation-sale';
import { rows } from '../db/rows';
import type { AppDeps } from '../deps';
import { invalid } from '../lib/errors';
import { pricingConfigFor } from './pos/sale-check';
import { loadSaleOutlet } from './pos/sale-outlet';
import { receiptDocument, receiptHtml, receiptMessage, receiptText } from './receipt-render';
import { outletSale, receiptConfigs, receiptTokenFor, receiptUrl, type StoredSale } from './receipt-sales';
import type { AuthContext } from './sessions';

/**
 * The sale's receipt from its stored version (post-edits included), with the configuration the
 * printed receipt uses: the outlet's print settings, the sale's snapshot, and the rates it was priced with.
 */
export async function renderSaleReceipt(deps: AppDeps, sale: StoredSale, url: string) {
  const trx = posTransactionSchema.parse({
    ...sale.trx,
    local_trx_id: sale.local_trx_id,
    trx_status_id: sale.trx_status_id,
    deposit_balance: sale.deposit_balance,
  });
  const outlet = await loadSaleOutlet(deps, sale.business_outlet_id);
  const pricing = pricingConfigFor({ ...trx, local_trx_id: sale.local_trx_id }, outlet.pricing);
  return receiptDocument(trx, { ...receiptConfigs(sale), ...pricing } as ReceiptConfig, url);
}

export interface ReceiptSendInput {
  local_trx_id: string;
  receipt_type: ReceiptType;
  phone?: string | null;
  email?: string | null;
}

/**
 * POST cashier/pos/receipt-send (000 §2 step 4, §5 'Receipt sending'): 'phone' queues an SMS with the
 * link, 'email' queues the receipt (HTML and text) with the link, 'text' answers the message for the
 * browser's messaging-app link. The phone and e-mail rules are the domain's.
 */
export async function sendReceipt(
  deps: AppDeps,
  auth: AuthContext,
  input: ReceiptSendInput,
): Promise<{ data: ReceiptSendResponse; message?: string }> {
  if (input.receipt_type === 'email') {
    const problem = validateReceiptEmail(input.email);
    if (problem) throw invalid(problem, 'email');
  } else {
    const problem = validateReceiptPhone(input.phone);
    if (problem) throw invalid(problem, 'phone');
  }
  const db = deps.database.db;
  const sale = await outletSale(db, auth, input.local_trx_id);
  const now = deps.clock.now();
  const token = await receiptTokenFor(db, sale.local_trx_id, now);
  const url = receiptUrl(deps, token);
  const doc = await renderSaleReceipt(deps, sale, url);
  const message = receiptMessage(doc);
  const base = { receipt_type: input.receipt_type, message, receipt_token: token, receipt_url: url };

  if (input.receipt_type === 'text') return { data: { ...base, outbox_id: null } };
  if (input.receipt_type === 'phone') {
    const [row] = rows<{ sms_id: string | number }>(
      await db.execute(sql`
        INSERT INTO sms_outbox (to_phone, message, local_trx_id, status, attempts, created_at)
        VALUES (${messagingPhone((input.phone ?? '').trim())}, ${message}, ${sale.local_trx_id}, 'queued', 0,
          ${now.toISOString()})
        RETURNING sms_id`),
    );
    return { data: { ...base, outbox_id: Number(row.sms_id) }, message: RECEIPT_MESSAGES.smsSent };
  }
  const [row] = rows<{ email_id: string | number }>(
    await db.execute(sql`
      INSERT INTO email_outbox (to_address, subject, body, html_body, local_trx_id, status, attempts, created_at)
      VALUES (${(input.email ?? '').trim()}, ${doc.subject}, ${receiptText(doc)}, ${receiptHtml(doc)},
        ${sale.local_trx_id}, 'queued', 0, ${now.toISOString()})
      RETURNING email_id`),
  );
  return { data: { ...base, outbox_id: Number(row.email_id) }, message: RECEIPT_MESSAGES.emailSent };
}
