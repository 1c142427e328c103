import { z } from 'zod';

/** The help page's call (002 §7 'GET FAQs'; the path cashier/help is the area's list of paths). No leading slash. */
export const HELP_PATHS = {
  /** GET: the brand's FAQs (business_user_faqs), each {question, answer (HTML)}. */
  faqs: 'cashier/help',
} as const;

/** One FAQ (002 §3 'FAQ'): the answer is HTML, shown only after sanitising (src/ui/features/help/sanitize.ts). */
export const helpFaq = z.object({
  business_user_faq_id: z.number(),
  question: z.string(),
  answer: z.string(),
});
export type HelpFaq = z.infer<typeof helpFaq>;

export const helpResponse = z.array(helpFaq);
export type HelpResponse = z.infer<typeof helpResponse>;
