// Issue 28: a first visit to /sign-in paints the form from index.html itself (no script before the first paint);
// the app (React, Mantine, Dexie, the session statechart) loads when the cashier first touches the form (focus,
// a key, a tap, autofill) or submits it, and takes over the form with what was typed (SignInPage → takeBootSignIn).
// index.html's inline script decides the mode (data-boot="sign-in" on <html>): the path is /sign-in without a
// reset_token, the page is a secure context (else the plain-http notice shows, which only the app has), and the
// storage guard's copy (src/projections/storage-guard.ts) holds no session, no open shift and no unsynced sale
// (else the app loads at once: a signed-in device is sent on, a lost database is recovered).
// index.html's second inline script already keeps a submit from leaving the page and notes a touch (data-boot-touched)
// and a pending submit or 'Lupa password?' (data-boot-pending) until this small chunk wires the form.
import { SESSION_MESSAGES } from '../../domain/texts/session';

export const BOOT_ID = 'boot-sign-in';

/** What the cashier did on the HTML form before the app took over. */
export interface BootSignIn {
  email: string;
  password: string;
  /** The field or button that had the focus ('email', 'password', 'submit', 'forgot'), if any. */
  focus: string | null;
  /** Submitted, or 'Lupa password?' pressed, while the app was loading. */
  pending: 'submit' | 'forgot' | null;
}

type Pending = BootSignIn['pending'];
const pendingOf = (doc: Document): Pending => {
  const value = doc.documentElement.dataset.bootPending;
  return value === 'submit' || value === 'forgot' ? value : null;
};
const setPending = (doc: Document, value: Pending) => {
  if (value) doc.documentElement.dataset.bootPending = value;
  else delete doc.documentElement.dataset.bootPending;
};

function bootRoot(doc: Document): HTMLElement | null {
  return doc.documentElement.dataset.boot === 'sign-in' ? doc.getElementById(BOOT_ID) : null;
}

/**
 * Reads the HTML form (values, focus, a pending submit) and removes it; null when the page did not start with
 * it or it was already taken. Called by the app's SignInPage in a layout effect, before its first paint.
 */
export function takeBootSignIn(doc: Document = document): BootSignIn | null {
  const root = bootRoot(doc);
  if (!root) return null;
  const value = (name: string) =>
    (root.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value ?? '';
  const active = doc.activeElement;
  const focus = active && root.contains(active) ? (active.getAttribute('data-boot-name') ?? null) : null;
  const taken: BootSignIn = {
    email: value('email'),
    password: value('password'),
    focus,
    pending: pendingOf(doc),
  };
  root.remove();
  for (const key of ['boot', 'bootPending', 'bootTouched']) delete doc.documentElement.dataset[key];
  return taken;
}

/**
 * Wires the HTML form when the page started with it: the app loads on the first touch; a submit (or 'Lupa
 * password?') before the app is there is remembered and done by the app's form. Offline, nothing is fetched and
 * the spec's offline message shows (the app could not load; the statechart says the same when it runs). Answers
 * false (nothing wired) when the page did not start with the HTML form.
 */
export function bootSignIn(doc: Document, loadApp: () => Promise<unknown>): boolean {
  const root = bootRoot(doc);
  if (!root) return false;
  const alert = root.querySelector('[role="alert"]') as HTMLElement | null;
  const submit = root.querySelector('[data-boot-name="submit"]') as HTMLButtonElement | null;
  let loading: Promise<unknown> | null = null;
  const say = (message: string | null) => {
    if (!alert) return;
    alert.textContent = message ?? '';
    alert.hidden = !message;
  };
  const failed = () => {
    if (pendingOf(doc) === 'submit') say(SESSION_MESSAGES.offline);
    setPending(doc, null);
    submit?.removeAttribute('aria-busy');
  };
  // A touch only starts the load: it never changes the form's layout. The form is centred, so hiding the offline
  // message on the pointerdown of 'Sign In' moved the button away before the pointerup, and the click (the
  // submit) landed on the form instead: the sign-in after reconnecting never happened.
  const load = () => {
    if (pendingOf(doc) === 'submit') submit?.setAttribute('aria-busy', 'true');
    if (loading) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return failed();
    loading = loadApp().catch((error: unknown) => {
      console.error('sign-in: the app did not load', error);
      loading = null;
      failed();
    });
  };
  for (const type of ['focusin', 'pointerdown', 'keydown', 'input', 'change']) {
    root.addEventListener(type, load, { passive: true });
  }
  root.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    setPending(doc, 'submit');
    load();
    // the click is over: an earlier offline message goes while the app loads (failed() says it again)
    if (loading) say(null);
  });
  root.querySelector('[data-boot-name="forgot"]')?.addEventListener('click', () => {
    setPending(doc, 'forgot');
    load();
  });
  // touched (or submitted) before this chunk arrived
  const html = doc.documentElement;
  if (html.dataset.bootTouched !== undefined || pendingOf(doc) || root.contains(doc.activeElement)) load();
  return true;
}
