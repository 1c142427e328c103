// @vitest-environment jsdom
// Issue 28: the sign-in form painted from index.html on a first visit, and the app taking it over.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES } from '../../src/domain/texts/session';
import { bootSignIn, takeBootSignIn } from '../../src/ui/app/boot-sign-in';
import {
  type IdleWindow,
  type OfflineWorkerHost,
  registerOfflineWorkerWhenIdle,
} from '../../src/ui/app/offline-worker';

const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

/** Loads index.html's body as the browser would, running its two inline scripts with this location/storage. */
function loadPage({
  path = '/sign-in',
  search = '',
  secure = true,
  guard = null as unknown,
}: {
  path?: string;
  search?: string;
  secure?: boolean;
  guard?: unknown;
} = {}) {
  for (const a of ['data-boot', 'data-boot-pending', 'data-boot-touched'])
    document.documentElement.removeAttribute(a);
  const fakeWindow = {
    location: { pathname: path, search },
    isSecureContext: secure,
    localStorage: { getItem: () => (guard == null ? null : JSON.stringify(guard)) },
  };
  new Function('window', scripts[0])(fakeWindow);
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  new Function('window', scripts[1])(fakeWindow);
  return document.getElementById('boot-sign-in');
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

afterEach(() => {
  vi.restoreAllMocks();
  takeBootSignIn();
});

describe('the HTML sign-in form (first visit)', () => {
  it('shows only on /sign-in, without a reset token, in a secure context, on a device with nothing to keep', () => {
    expect(loadPage()).not.toBeNull();
    expect(document.documentElement.dataset.boot).toBe('sign-in');
    expect(loadPage({ guard: { user: null, shifts: [], unsynced: [], last_export: null } })).not.toBeNull();
    // every other case: the element is removed before the app starts, the app loads at once
    expect(loadPage({ path: '/' })).toBeNull();
    expect(loadPage({ path: '/pos' })).toBeNull();
    expect(loadPage({ search: '?reset_token=abc' })).toBeNull();
    expect(loadPage({ secure: false })).toBeNull();
    expect(loadPage({ guard: { user: { business_user_id: 1 }, shifts: [], unsynced: [] } })).toBeNull();
    expect(loadPage({ guard: { user: null, shifts: [{}], unsynced: [] } })).toBeNull();
    expect(loadPage({ guard: { user: null, shifts: [], unsynced: [{}] } })).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    const load = vi.fn(async () => {});
    expect(bootSignIn(document, load)).toBe(false);
    expect(takeBootSignIn()).toBeNull();
  });

  it('loads the app on the first touch, once, and hands over what was typed and the focus', async () => {
    loadPage();
    online(true);
    const load = vi.fn(async () => {});
    expect(bootSignIn(document, load)).toBe(true);
    expect(load).not.toHaveBeenCalled();
    const email = document.querySelector<HTMLInputElement>('#boot-email');
    const password = document.querySelector<HTMLInputElement>('#boot-password');
    email?.focus();
    expect(load).toHaveBeenCalledTimes(1);
    if (email) email.value = 'kasir@serambi.id';
    password?.focus();
    if (password) password.value = 'demo1234';
    password?.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(takeBootSignIn()).toEqual({
      email: 'kasir@serambi.id',
      password: 'demo1234',
      focus: 'password',
      pending: null,
    });
    expect(document.getElementById('boot-sign-in')).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(takeBootSignIn()).toBeNull();
  });

  it('remembers a submit (or "Lupa password?") made while the app loads, without leaving the page', async () => {
    loadPage();
    online(true);
    const load = vi.fn(() => new Promise(() => {}));
    bootSignIn(document, load);
    const form = document.querySelector('#boot-sign-in form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-boot-name="submit"]')?.getAttribute('aria-busy')).toBe('true');
    expect(takeBootSignIn()?.pending).toBe('submit');

    loadPage();
    bootSignIn(document, load);
    document.querySelector<HTMLButtonElement>('[data-boot-name="forgot"]')?.click();
    expect(takeBootSignIn()?.pending).toBe('forgot');
  });

  it('a submit or a touch before the wiring chunk arrived is kept by the inline script and acted on', () => {
    loadPage();
    online(true);
    const form = document.querySelector('#boot-sign-in form') as HTMLFormElement;
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const load = vi.fn(() => new Promise(() => {}));
    bootSignIn(document, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(takeBootSignIn()?.pending).toBe('submit');

    loadPage();
    document
      .querySelector<HTMLInputElement>('#boot-email')
      ?.dispatchEvent(new Event('keydown', { bubbles: true }));
    const load2 = vi.fn(() => new Promise(() => {}));
    bootSignIn(document, load2);
    expect(load2).toHaveBeenCalledTimes(1);
    expect(takeBootSignIn()?.pending).toBeNull();
  });

  it('offline: fetches nothing and says so on submit; back online the submit loads the app', async () => {
    loadPage();
    const isOnline = online(false);
    const load = vi.fn(async () => {});
    bootSignIn(document, load);
    const form = document.querySelector('#boot-sign-in form') as HTMLFormElement;
    document.querySelector<HTMLInputElement>('#boot-email')?.focus();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(load).not.toHaveBeenCalled();
    const alert = document.querySelector<HTMLElement>('#boot-sign-in [role="alert"]');
    expect(alert?.hidden).toBe(false);
    expect(alert?.textContent).toBe(SESSION_MESSAGES.offline);

    isOnline.mockReturnValue(true);
    // Back online, the press of 'Sign In' starts the load but moves nothing: the form is centred, so hiding the
    // message on the pointerdown moved the button away and the click (the submit) landed on the form instead.
    const button = document.querySelector<HTMLButtonElement>('[data-boot-name="submit"]');
    button?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(alert?.hidden).toBe(false);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(alert?.hidden).toBe(true);
    expect(button?.getAttribute('aria-busy')).toBe('true');
    expect(takeBootSignIn()?.pending).toBe('submit');
  });

  it('a failed load (the network dropped) says the offline message and tries again on the next submit', async () => {
    loadPage();
    online(true);
    const load = vi.fn().mockRejectedValueOnce(new Error('net')).mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    bootSignIn(document, load);
    const form = document.querySelector('#boot-sign-in form') as HTMLFormElement;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await flush();
    expect(document.querySelector('#boot-sign-in [role="alert"]')?.textContent).toBe(
      SESSION_MESSAGES.offline,
    );
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the offline worker registers after the page is idle', () => {
  it('waits for the load event and an idle moment, and registers once per page', async () => {
    const registered: string[] = [];
    const host: OfflineWorkerHost = {
      register: async (url) => {
        registered.push(url);
        return { installing: null, addEventListener: () => {} };
      },
      controller: () => null,
    };
    const listeners: Record<string, () => void> = {};
    const idle: (() => void)[] = [];
    const win: IdleWindow = {
      document: { readyState: 'loading' },
      addEventListener: (type, cb) => {
        listeners[type] = cb;
      },
      setTimeout: () => 0,
      requestIdleCallback: (cb) => idle.push(cb),
    };
    registerOfflineWorkerWhenIdle(() => {}, host, win);
    registerOfflineWorkerWhenIdle(() => {}, host, win);
    expect(registered).toEqual([]);
    listeners.load?.();
    expect(registered).toEqual([]);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    await flush();
    expect(registered).toEqual(['/sw.js']);
  });
});
