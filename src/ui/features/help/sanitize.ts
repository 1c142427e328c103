// An FAQ answer is HTML from the server (002 §2.21, §3 'FAQ'): it is shown only after DOMPurify has removed
// everything that runs (script, event handlers, javascript: links, iframes, forms), keeping the formatting.
import DOMPurify from 'dompurify';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

export function sanitizeAnswer(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS });
}
