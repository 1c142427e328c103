// @vitest-environment jsdom
// The plain-http notice (issue 23 item 10): shown only where the browser says the page is no secure context.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECURE_CONTEXT_TEXTS } from '../../src/domain/texts/secure-context';
import { InsecureContextNotice, isInsecureContext } from '../../src/ui/components/InsecureContextNotice';
import { QrScanner } from '../../src/ui/features/pos/customer/QrScanner';
import { cleanup, flush, installDomShims, render, text } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'isSecureContext');
});

const secure = (value: boolean) =>
  Object.defineProperty(window, 'isSecureContext', { value, configurable: true });

describe('InsecureContextNotice', () => {
  it('reads the browser flag; a browser without it counts as secure', () => {
    expect(isInsecureContext({ isSecureContext: false })).toBe(true);
    expect(isInsecureContext({ isSecureContext: true })).toBe(false);
    expect(isInsecureContext({})).toBe(false);
  });

  it('says so on a page opened over plain http', () => {
    secure(false);
    render(<InsecureContextNotice />);
    expect(text()).toContain(SECURE_CONTEXT_TEXTS.title);
    expect(text()).toContain('tidak dapat bekerja offline');
    expect(document.querySelector('[role="status"]')).not.toBeNull();
  });

  it('shows nothing in a secure context', () => {
    secure(true);
    render(<InsecureContextNotice />);
    expect(document.querySelector('[data-testid="insecure-context-notice"]')).toBeNull();
  });

  it('the QR scanner says the camera needs https (the typed code still works); a dialog hides it', async () => {
    secure(false);
    expect(navigator.mediaDevices).toBeUndefined();
    render(<QrScanner onScan={() => undefined} />);
    await flush();
    expect(document.querySelector('[data-testid="qr-scanner"]')?.textContent).toBe(
      SECURE_CONTEXT_TEXTS.camera,
    );
    cleanup();
    render(<QrScanner onScan={() => undefined} hideWithoutCamera />);
    await flush();
    expect(document.querySelector('[data-testid="qr-scanner"]')).toBeNull();
  });
});
