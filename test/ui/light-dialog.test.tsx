// @vitest-environment jsdom
// Issue 28: the tap path's dialogs are plain elements (src/ui/components/light-dialog.tsx), so what
// Mantine's Modal did for them is ours now: a dialog named by its title with aria-modal, focus moved
// in on open and back to the tile on close, Tab kept inside, Escape and the close button closing it
// (not while a dropdown inside holds Escape), and the question's 'Ya' / 'Tidak' / Escape answers.
import { act, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LightDialog, lightConfirm } from '../../src/ui/components/light-dialog';
import { cleanup, installDomShims, render } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const key = (target: Element | Document, k: string, shiftKey = false) => {
  const e = new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true });
  act(() => {
    target.dispatchEvent(e);
  });
  return e;
};

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        tile
      </button>
      {open ? (
        <LightDialog title="Creambath" onClose={() => setOpen(false)}>
          <input aria-label="Qty" />
          <input aria-label="Worker" data-mantine-stop-propagation="true" />
          <button type="button">Tambahkan</button>
        </LightDialog>
      ) : null}
    </>
  );
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const byLabel = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
const tile = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'tile') as HTMLElement;

function openFromTile() {
  render(<Page />);
  tile().focus();
  act(() => tile().click());
}

describe('LightDialog', () => {
  it('is a modal dialog named by its title, with focus inside; Escape closes it and focus returns to the tile', () => {
    openFromTile();
    const d = dialog();
    expect(d?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Creambath');
    expect(d?.contains(document.activeElement)).toBe(true);
    key(document.activeElement ?? document.body, 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(tile());
  });

  it("keeps Tab inside (last → first, Shift+Tab first → last); a dropdown's Escape is the dropdown's", () => {
    openFromTile();
    const close = byLabel('Tutup') as HTMLElement;
    const add = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Tambahkan',
    ) as HTMLElement;
    add.focus();
    expect(key(add, 'Tab').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(close);
    expect(key(close, 'Tab', true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(add);
    // an open dropdown (Mantine marks its input): Escape closes the dropdown, not the dialog
    key(byLabel('Worker') as HTMLElement, 'Escape');
    expect(dialog()).not.toBeNull();
    // a key pressed in another layer (a Mantine modal on top) is not the dialog's
    const other = document.createElement('button');
    document.body.append(other);
    key(other, 'Escape');
    expect(dialog()).not.toBeNull();
    act(() => close.click());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(tile());
  });

  it('a click on the backdrop closes it; a click inside does not', () => {
    openFromTile();
    act(() => (byLabel('Qty') as HTMLElement).click());
    expect(dialog()).not.toBeNull();
    act(() => (document.querySelector('.ld-root') as HTMLElement).click());
    expect(dialog()).toBeNull();
  });
});

describe('lightConfirm (the missing-worker question)', () => {
  const title = 'Anda belum memilih pekerja, apakah Anda yakin ingin melanjutkan?';
  const answer = (name: string) =>
    [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
      (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
    );

  it("asks with the spec's title and 'Tidak' / 'Ya'; 'Ya' answers true and focus returns", async () => {
    render(<Page />);
    tile().focus();
    const asked = lightConfirm({ title });
    const d = dialog();
    expect(d?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(title);
    expect([...(d?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual(['', 'Tidak', 'Ya']);
    expect(d?.contains(document.activeElement)).toBe(true);
    answer('Ya')?.click();
    await expect(asked).resolves.toBe(true);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(tile());
  });

  it("'Tidak', the close button, Escape and a click outside answer false; a message shows under the title", async () => {
    for (const how of ['Tidak', 'Tutup', 'Escape', 'outside'] as const) {
      const asked = lightConfirm({ title, message: 'Item akan dihapus: Creambath 1x' });
      expect(dialog()?.textContent).toContain('Item akan dihapus: Creambath 1x');
      if (how === 'Escape') key(document.activeElement ?? document.body, 'Escape');
      else if (how === 'outside') (document.querySelector('.ld-root') as HTMLElement).click();
      else answer(how)?.click();
      await expect(asked).resolves.toBe(false);
      expect(dialog()).toBeNull();
    }
  });
});
