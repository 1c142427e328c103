// @vitest-environment jsdom
// /help (002 §2.21): an FAQ answer's HTML is shown formatted, and anything in it that would run is removed
// (DOMPurify): a script tag, an event handler, a javascript: link.
import { afterEach, describe, expect, it } from 'vitest';
import { HelpView } from '../../../src/ui/features/help/HelpPage';
import { sanitizeAnswer } from '../../../src/ui/features/help/sanitize';
import { cleanup, render, screen } from '../../fixtures/render';

afterEach(cleanup);

describe('sanitizeAnswer', () => {
  it('keeps the formatting', () => {
    expect(sanitizeAnswer('<p>Buka <b>Riwayat</b> lalu <a href="https://serambi.id">link</a></p>')).toBe(
      '<p>Buka <b>Riwayat</b> lalu <a href="https://serambi.id">link</a></p>',
    );
  });
  it('removes scripts, handlers and javascript: links', () => {
    const out = sanitizeAnswer(
      '<p onclick="alert(1)">x</p><script>window.pwned = 1</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">y</a><iframe src="https://e.vil"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(out).toContain('<p>x</p>');
  });
});

describe('HelpView', () => {
  it('renders the answer inert: the script never runs', async () => {
    const w = window as unknown as { pwned?: number };
    delete w.pwned;
    render(
      <HelpView
        faqs={[
          {
            business_user_faq_id: 1,
            question: 'Apa ini?',
            answer:
              '<p>Jawaban <b>tebal</b></p><script>window.pwned = 1</script><img src=x onerror="window.pwned=2">',
          },
        ]}
      />,
    );
    expect(screen.getByText('Apa ini?')).toBeTruthy();
    const answer = screen.getByTestId('help-answer');
    expect(answer.innerHTML).toContain('<b>tebal</b>');
    expect(answer.querySelector('script')).toBeNull();
    expect(answer.querySelector('[onerror]')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(w.pwned).toBeUndefined();
  });
});
