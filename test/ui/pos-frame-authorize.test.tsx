// @vitest-environment jsdom
// The machine's password + reason dialog ('Otorisasi Hapus Transaksi', 'Void Transaksi') driven by the
// real cashier statechart (fake side effects): a wrong password keeps the dialog open with the reason
// the cashier typed and the server's message; the right one goes on.
import { useMachine } from '@xstate/react';
import { act, useMemo, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Authorization, AuthorizationRequest, CashierEvent } from '../../src/machines/cashier';
import { AuthorizeModal, type PendingAuthorization } from '../../src/ui/features/pos/frame/AuthorizeModal';
import { badRequest, type CashierEffects, provideFakes } from '../machines/cashier-harness';
import { button, cleanup, click, field, flush, installDomShims, render, text, type } from './pos-dialogs-dom';

// Counts the renders of Mantine's Modal (a closed one is not rendered again on a cart change).
const counts = vi.hoisted(() => ({ modal: 0 }));
vi.mock('@mantine/core', async (load) => {
  const real = await load<typeof import('@mantine/core')>();
  const Counted = (p: Parameters<typeof real.Modal>[0]) => {
    counts.modal++;
    return <real.Modal {...p} />;
  };
  return { ...real, Modal: Object.assign(Counted, real.Modal) };
});

beforeAll(installDomShims);
afterEach(cleanup);

interface Deferred {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Side effects the test settles by hand, so it can look at the dialog while a check runs. */
function controlled() {
  const checks: Deferred[] = [];
  const wait = () =>
    new Promise<void>((resolve, reject) => {
      checks.push({ resolve, reject });
    });
  return { checks, wait };
}

let send: (event: CashierEvent) => void = () => {};
let stateValue: () => unknown = () => null;

function Page({ effects }: { effects: Partial<CashierEffects> }) {
  const [pending, setPending] = useState<PendingAuthorization | null>(null);
  const machine = useMemo(
    () =>
      provideFakes(effects).machine.provide({
        actors: {
          // As PosPage does: the dialog settles the actor's promise.
          authorize: fromPromise<Authorization | null, AuthorizationRequest>(
            ({ input }) =>
              new Promise((resolve) =>
                setPending({
                  request: input,
                  resolve: (value) => {
                    setPending(null);
                    resolve(value);
                  },
                }),
              ),
          ),
        },
      }),
    [effects],
  );
  const [snapshot, sendEvent] = useMachine(machine, {
    input: { config: { pos_cashier_delete_by_pin: 1, is_void_allowed: 1 } },
  });
  send = sendEvent;
  stateValue = () => snapshot.value;
  return <AuthorizeModal pending={pending} busy={snapshot.hasTag('busy')} />;
}

let rerender: () => void = () => {};

/** The page's frame re-rendering around a closed dialog (a cart change). */
function Frame() {
  const [n, setN] = useState(0);
  rerender = () => setN(n + 1);
  return (
    <>
      <span>{n}</span>
      <AuthorizeModal pending={null} busy={false} />
    </>
  );
}

const dialogOpen = (title: string) =>
  [...document.querySelectorAll('[role=dialog]')].some((d) => d.textContent?.includes(title));

describe('AuthorizeModal (000 §4 Delete / Void)', () => {
  it('a wrong supervisor password keeps the dialog open with the typed reason and the server message', async () => {
    const pin = controlled();
    const deleted: unknown[] = [];
    const effects: Partial<CashierEffects> = {
      verifyPin: async () => {
        await pin.wait();
        return undefined;
      },
      deleteTrx: async (input) => {
        deleted.push(input);
      },
    };
    render(<Page effects={effects} />);
    act(() => send({ type: 'trx.new', trx_type: 'NORMAL' }));
    await flush();
    act(() => send({ type: 'trx.delete' }));
    await flush();
    expect(dialogOpen('Otorisasi Hapus Transaksi')).toBe(true);
    expect(text()).toContain('Alasan Penghapusan');

    type(field('Password'), 'salah');
    type(field('Alasan Penghapusan'), 'Pelanggan batal');
    click(button('Konfirmasi'));
    await flush();
    // Being checked with the server: the dialog stays.
    expect(pin.checks).toHaveLength(1);
    expect(dialogOpen('Otorisasi Hapus Transaksi')).toBe(true);

    await act(async () => pin.checks[0].reject(badRequest('Password salah.')));
    await flush();
    expect(dialogOpen('Otorisasi Hapus Transaksi')).toBe(true);
    expect(text()).toContain('Password salah.');
    expect(field('Alasan Penghapusan').value).toBe('Pelanggan batal');
    expect(field('Password').value).toBe('');
    expect(deleted).toEqual([]);

    type(field('Password'), 'benar');
    click(button('Konfirmasi'));
    await flush();
    await act(async () => pin.checks[1].resolve());
    await flush();
    expect(deleted).toEqual([
      {
        local_trx_id: 'trx-0001-abcdef',
        authorization: { password: 'benar', reason: 'Pelanggan batal' },
      },
    ]);
    expect(dialogOpen('Otorisasi Hapus Transaksi')).toBe(false);
    expect(stateValue()).toEqual({ step1: 'idle' });
  });

  it('void: a refused password shows the message, keeps the reason; a blank one says why', async () => {
    const voids = controlled();
    const effects: Partial<CashierEffects> = { postVoid: voids.wait };
    render(<Page effects={effects} />);
    act(() => send({ type: 'trx.void', local_trx_id: 'trx-0009-void00', trx_status_id: 3 }));
    await flush();
    expect(dialogOpen('Void Transaksi')).toBe(true);

    // Blank password: asked again at once, with the spec's message, the reason kept.
    type(field('Alasan Pembatalan'), 'Salah input');
    click(button('Konfirmasi'));
    await flush();
    expect(dialogOpen('Void Transaksi')).toBe(true);
    expect(field('Alasan Pembatalan').value).toBe('Salah input');
    expect(document.querySelector('[role=alert]')?.textContent).toBeTruthy();

    type(field('Password'), 'keliru');
    click(button('Konfirmasi'));
    await flush();
    expect(voids.checks).toHaveLength(1);
    expect(dialogOpen('Void Transaksi')).toBe(true);
    await act(async () => voids.checks[0].reject(badRequest('Password salah.')));
    await flush();
    expect(document.querySelector('[role=alert]')?.textContent).toBe('Password salah.');
    expect(field('Alasan Pembatalan').value).toBe('Salah input');

    click(button('Batal'));
    await flush();
    expect(dialogOpen('Void Transaksi')).toBe(false);
    expect(stateValue()).toEqual({ step1: 'idle' });
  });

  it('void: a refused reason keeps the typed password and says why once (issue 10)', async () => {
    const voids = controlled();
    render(<Page effects={{ postVoid: voids.wait }} />);
    act(() => send({ type: 'trx.void', local_trx_id: 'trx-0009-void00', trx_status_id: 3 }));
    await flush();
    type(field('Password'), 'rahasia');
    click(button('Konfirmasi'));
    await flush();
    expect(dialogOpen('Void Transaksi')).toBe(true);
    expect(field('Password').value).toBe('rahasia');
    const alerts = [...document.querySelectorAll('[role=alert]')].map((a) => a.textContent);
    expect(alerts).toEqual(['Alasan pembatalan harus diisi!']);
    expect(text().split('Alasan pembatalan harus diisi!')).toHaveLength(2);

    type(field('Alasan Pembatalan'), 'Dobel input');
    click(button('Konfirmasi'));
    await flush();
    expect(voids.checks).toHaveLength(1);
  });

  it('closed, it is not rendered again when the page re-renders with the same request and busy flag', () => {
    render(<Frame />);
    const first = counts.modal;
    expect(first).toBeGreaterThan(0);
    act(() => rerender());
    act(() => rerender());
    expect(counts.modal).toBe(first);
  });
});
