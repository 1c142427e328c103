// jsdom helpers for the cashier dialogs' render tests (not a test file): Mantine's browser needs,
// a render into the document, typing into controlled inputs, finding buttons and labelled inputs.
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Installed for every jsdom test by vitest's setupFiles (test/setup/dom.ts); kept for the tests that call it. */
export { installDomShims } from '../setup/dom-shims';

let root: Root | null = null;
let host: HTMLElement | null = null;

export function render(node: ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root?.render(<MantineProvider theme={{ respectReducedMotion: true }}>{node}</MantineProvider>));
}

export function cleanup() {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  host = null;
}

export const text = (): string => document.body.textContent ?? '';

export const button = (label: string): HTMLElement | undefined =>
  [...document.querySelectorAll('button, a')].find((b) => b.textContent?.trim() === label) as
    | HTMLElement
    | undefined;

export const click = (el: HTMLElement | undefined) => {
  if (!el) throw new Error('nothing to click');
  act(() => el.click());
};

/** The input a label names (the last one when several share the text). */
export const field = (label: string): HTMLInputElement => {
  const l = [...document.querySelectorAll('label')].filter((x) => x.textContent?.trim() === label).at(-1);
  const el = document.getElementById(l?.getAttribute('for') ?? '');
  if (!el) throw new Error(`no field labelled ${label}`);
  return el as HTMLInputElement;
};

export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
