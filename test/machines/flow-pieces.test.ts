// Issue 23 item 17: the confirm and the password + reason steps are two statechart pieces (confirmThen,
// authorizeThen in src/machines/cashier-flows.ts) the twins share: archive and download, void and delete.
// Each piece behaves the same in every machine that uses it, and the machines' nodes are the pieces' own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cashierMachine } from '../../src/machines/cashier';
import { authorizeThen, confirmThen } from '../../src/machines/cashier-flows';
import { settle, startCashier } from './cashier-harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const PIN = { config: { pos_cashier_delete_by_pin: 1, is_void_allowed: 1 } };
const FLOWS = {
  archive: { event: { type: 'trx.archive', local_trx_id: 'trx-pending-1' }, input: {}, effect: 'archiveTrx' },
  download: {
    event: { type: 'trx.download', local_trx_id: 'trx-saved-1' },
    input: {},
    effect: 'downloadTrx',
  },
  delete: { event: { type: 'trx.delete', local_trx_id: 'trx-pending-2' }, input: {}, effect: 'deleteTrx' },
  void: {
    event: { type: 'trx.void', local_trx_id: 'trx-done-00aa11', trx_status_id: 3 },
    input: PIN,
    effect: 'postVoid',
  },
} as const;

describe('confirmThen: archive, download, delete and void', () => {
  it.each(Object.entries(FLOWS))(
    "%s: 'Tidak' does nothing more; 'Ya' goes on to the flow's work",
    async (_, flow) => {
      const no = startCashier({ confirm: async () => false }, flow.input);
      no.actor.send(flow.event as never);
      await settle();
      expect(no.rec.calls).toEqual(['confirm']);
      expect(no.state()).toEqual({ step1: 'idle' });

      const closed = startCashier({ confirm: () => Promise.reject(new Error('closed')) }, flow.input);
      closed.actor.send(flow.event as never);
      await settle();
      expect(closed.rec.calls).toEqual(['confirm']);
      expect(closed.state()).toEqual({ step1: 'idle' });

      const yes = startCashier({}, flow.input);
      yes.actor.send(flow.event as never);
      await settle();
      expect(yes.rec.calls[0]).toBe('confirm');
      expect(yes.rec.calls).toContain(flow.effect);
    },
  );
});

describe('authorizeThen: void and delete with pos_cashier_delete_by_pin = 1', () => {
  const cases = [
    ['void', FLOWS.void.event, 'Alasan pembatalan harus diisi!', 'syncForVoid'],
    [
      'delete',
      { type: 'trx.delete', local_trx_id: 'trx-pending-3' },
      'Alasan penghapusan harus diisi!',
      'verifyPin',
    ],
  ] as const;

  it.each(cases)(
    '%s: a blank password, then a blank reason are asked again; a closed modal cancels',
    async (_, event, reasonMessage, next) => {
      const answers = [{ password: '', reason: 'x' }, { password: 'p', reason: ' ' }, null];
      const c = startCashier({ authorize: async () => answers.shift() ?? null }, PIN);
      c.actor.send(event as never);
      await settle();
      expect(c.rec.inputs.authorize?.slice(1)).toMatchObject([
        { message: 'Password harus diisi!', reason: 'x' },
        { message: reasonMessage, password: 'p' },
      ]);
      expect(c.rec.calls).not.toContain(next);
      expect(c.state()).toEqual({ step1: 'idle' });
    },
  );

  it.each(cases)('%s: a password and a reason go on', async (_, event, __, next) => {
    const c = startCashier({ authorize: async () => ({ password: 'rahasia', reason: 'Salah input' }) }, PIN);
    c.actor.send(event as never);
    await settle();
    expect(c.rec.calls).toContain(next);
  });
});

describe("the machines' nodes are the pieces'", () => {
  const exits = { done: '#x.done', cancelled: '#x.cancelled' };
  const invokeSrc = (node: { invoke: readonly { src: unknown }[] }) => node.invoke.map((i) => i.src);
  const flowStates = Object.values(cashierMachine.root.states).flatMap((region) =>
    Object.entries(region.states ?? {}).filter(([key]) =>
      ['archiving', 'downloading', 'deleting', 'voiding'].includes(key),
    ),
  );

  it('every archive/download/delete/void state starts from confirmThen; delete and void hold authorizeThen', () => {
    expect(Object.keys(confirmThen(exits, { title: 't', message: 'm' }, 'next'))).toEqual(['confirming']);
    expect(
      Object.keys(authorizeThen(exits, { kind: 'void', title: 't', reasonLabel: 'r' }, 'm', 'n')),
    ).toEqual(['authorizing', 'checking']);
    expect(flowStates.length).toBeGreaterThanOrEqual(4);
    for (const [key, node] of flowStates) {
      expect(invokeSrc(node.states.confirming as never), key).toEqual(['confirm']);
      if (key === 'deleting' || key === 'voiding') {
        expect(invokeSrc(node.states.authorizing as never), key).toEqual(['authorize']);
        const guards = node.states.checking.always?.map((t) =>
          typeof t.guard === 'object' && t.guard ? (t.guard as { type?: string }).type : t.guard,
        );
        expect(guards, key).toEqual(['passwordBlank', 'reasonBlank', undefined]);
      }
    }
  });
});
