// Light dialogs for the cashier's tap path (issue 28: one frame per tap): plain elements styled by
// one sheet (light-dialog.css), no transition, no focus-trap component. What a modal needs is kept:
// role="dialog" with aria-modal and its title as the accessible name, focus moved in on open and
// back on close, Tab kept inside, Escape and a click outside close it. Not a native <dialog> opened
// with showModal(): its top layer would sit above, and make inert, the Mantine layers that must
// stay usable over it (the worker and tag dropdowns, the date picker, the notifications, the
// authorization modal), which render as portals beside it in <body>. docs/decisions.md.
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CLOSE_LABEL } from '../app/theme';
import './light-dialog.css';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The light dialogs open now, the last on top. */
const open: HTMLElement[] = [];

function wrapTab(section: HTMLElement, event: KeyboardEvent) {
  const list = [...section.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]'),
  );
  const first = list[0];
  const last = list.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === section)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal's keyboard and focus behaviour on a dialog element: focus moves to it, Tab stays inside,
 * Escape calls onEscape (not while a dropdown inside has it: Mantine marks that input, as its own
 * modals check), and the returned release gives focus back to where it was. Keys pressed in
 * another layer (a Mantine modal or dropdown on top) are that layer's.
 */
export function holdModal(section: HTMLElement, onEscape: () => void): () => void {
  const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  open.push(section);
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target;
    const inside = target instanceof Node && section.contains(target);
    const unfocused = target === document.body || target === document.documentElement || target === document;
    if (!inside && !(unfocused && open.at(-1) === section)) return;
    if (event.key === 'Escape') {
      if (target instanceof Element && target.getAttribute('data-mantine-stop-propagation') === 'true')
        return;
      onEscape();
    } else if (event.key === 'Tab') wrapTab(section, event);
  };
  document.addEventListener('keydown', onKey);
  section.focus({ preventScroll: true });
  return () => {
    document.removeEventListener('keydown', onKey);
    const at = open.indexOf(section);
    if (at >= 0) open.splice(at, 1);
    const active = document.activeElement;
    // Back where it was, unless the cashier has put focus somewhere else meanwhile.
    if (returnTo?.isConnected && (!active || active === document.body || section.contains(active)))
      returnTo.focus({ preventScroll: true });
  };
}

const CloseIcon = () => (
  <svg width="16" height="16" viewBox="0 0 15 15" aria-hidden="true" fill="currentColor">
    <path d="M11.8 3.8 11.2 3.2 7.5 6.9 3.8 3.2 3.2 3.8 6.9 7.5 3.2 11.2 3.8 11.8 7.5 8.1 11.2 11.8 11.8 11.2 8.1 7.5z" />
  </svg>
);

export interface LightDialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
  /** A data-testid on the dialog element. */
  testId?: string;
}

/** A modal dialog of plain elements, rendered into <body> (see the file's head). */
export function LightDialog({ title, onClose, children, size = 'md', testId }: LightDialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useLayoutEffect(() => {
    const section = ref.current;
    if (!section) return;
    return holdModal(section, () => close.current());
  }, []);
  return createPortal(
    // A click on the backdrop closes, as Mantine's modals do (Escape is the keyboard's way).
    <div
      className="ld-root"
      onClick={(e) => {
        if (e.target === e.currentTarget) close.current();
      }}
    >
      <section
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={size === 'lg' ? 'ld-content ld-lg' : 'ld-content'}
        data-testid={testId}
      >
        <header className="ld-header">
          <h2 id={titleId} className="ld-title">
            {title}
          </h2>
          <button type="button" className="ld-close" aria-label={CLOSE_LABEL} onClick={() => close.current()}>
            <CloseIcon />
          </button>
        </header>
        <div className="ld-body">{children}</div>
      </section>
    </div>,
    document.body,
  );
}

/**
 * The confirm question of the cashier's item dialogs and cart ('Ya' / 'Tidak', as the app's
 * confirm): built as plain DOM, so asking it renders nothing in React. Resolves true on 'Ya', false
 * on 'Tidak', the close button, Escape or a click outside.
 */
export function lightConfirm(options: { title: string; message?: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
      const node = document.createElement(tag);
      node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    };
    const root = el('div', 'ld-root ld-top');
    const section = el('section', 'ld-content');
    const titleId = `ld-confirm-${++confirms}`;
    section.setAttribute('role', 'dialog');
    section.setAttribute('aria-modal', 'true');
    section.setAttribute('aria-labelledby', titleId);
    section.tabIndex = -1;
    const header = el('header', 'ld-header');
    const title = el('h2', 'ld-title', options.title);
    title.id = titleId;
    const closeButton = el('button', 'ld-close');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', CLOSE_LABEL);
    closeButton.innerHTML =
      '<svg width="16" height="16" viewBox="0 0 15 15" aria-hidden="true" fill="currentColor"><path d="M11.8 3.8 11.2 3.2 7.5 6.9 3.8 3.2 3.2 3.8 6.9 7.5 3.2 11.2 3.8 11.8 7.5 8.1 11.2 11.8 11.8 11.2 8.1 7.5z"/></svg>';
    header.append(title, closeButton);
    const body = el('div', 'ld-body ld-stack');
    if (options.message) body.append(el('p', 'ld-text', options.message));
    const actions = el('div', 'ld-row ld-end');
    const no = el('button', 'ld-btn ld-default', 'Tidak');
    const yes = el('button', 'ld-btn', 'Ya');
    no.type = 'button';
    yes.type = 'button';
    actions.append(no, yes);
    body.append(actions);
    section.append(header, body);
    root.append(section);
    document.body.append(root);
    let done = false;
    const settle = (answer: boolean) => {
      if (done) return;
      done = true;
      release();
      root.remove();
      resolve(answer);
    };
    const release = holdModal(section, () => settle(false));
    yes.addEventListener('click', () => settle(true));
    no.addEventListener('click', () => settle(false));
    closeButton.addEventListener('click', () => settle(false));
    root.addEventListener('click', (e) => {
      if (e.target === root) settle(false);
    });
  });
}

let confirms = 0;
