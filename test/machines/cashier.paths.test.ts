import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { type CashierEvent, type CashierInput, cashierMachine } from '../../src/machines/cashier';
import { badRequest, never, provideFakes, timeoutError } from './cashier-harness';

type Snapshot = SnapshotFrom<typeof cashierMachine>;

/** Outputs worth trying for each actor (by src); everything else answers undefined. */
const outputs: Record<string, unknown[]> = {
  startTransaction: [{ local_trx_id: 'trx-0001-abcdef', trx_status_id: 2 }],
  openTransaction: [
    { local_trx_id: 'trx-0001-abcdef', trx_status_id: 2 },
    { local_trx_id: 'trx-0001-abcdef', trx_status_id: 1 },
  ],
  validateContinue: [null, 'Pilih minimal satu produk untuk melanjutkan.'],
  submitSale: [{ mode: 'online' }, { mode: 'offline' }],
  confirm: [true, false],
  authorize: [
    { password: 'p', reason: 'r' },
    { password: '', reason: 'r' },
    { password: 'p', reason: '' },
    null,
  ],
  syncForVoid: [{ pos_sales_trx_head_id: 1 }],
};

const srcById = new Map<string, string>();
for (const node of getStateNodes(cashierMachine.root))
  for (const inv of node.invoke) srcById.set(inv.id, String(inv.src));

/** Every event the machine names, with payloads that steer its guards. */
function eventsToTry(): AnyEventObject[] {
  const types = new Set<string>();
  for (const node of getStateNodes(cashierMachine.root))
    for (const type of node.transitions.keys()) types.add(type);
  const events: AnyEventObject[] = [];
  for (const type of types) {
    if (type.startsWith('xstate.done.actor.')) {
      const src = srcById.get(type.slice('xstate.done.actor.'.length)) ?? '';
      for (const output of outputs[src] ?? [undefined]) events.push({ type, output });
    } else if (type.startsWith('xstate.error.actor.')) {
      for (const error of [timeoutError(), badRequest('Password salah.')]) events.push({ type, error });
    } else if (type === 'trx.new') {
      events.push({ type, trx_type: 'NORMAL', pos_salesType_id: 1 });
    } else if (type === 'preview.open') {
      events.push({ type, kind: 'pre-settlement' }, { type, kind: 'order-preview-unprinted' });
    } else if (type.startsWith('trx.')) {
      events.push({ type, local_trx_id: 'trx-list-000001' });
    } else {
      events.push({ type });
    }
  }
  return events;
}

function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.trx_status_id, c.submission.status, c.preview]);
}

const INPUTS: CashierInput[] = [
  { config: { is_void_allowed: 1 } },
  { next: true, tags: [1], displayMode: 'TABLET', config: { pos_cashier_delete_by_pin: 1 } },
  { next: true, local_trx_id: 'trx-0001-abcdef' },
];

const restingStates = getStateNodes(cashierMachine.root)
  .filter((node) => node.type === 'atomic' && !(node.always && node.always.length > 0))
  .map((node) => node.id);
const endStateId = (snapshot: Snapshot) => `cashier.${snapshot._nodes.at(-1)?.path.join('.')}`;

const paths = INPUTS.flatMap((input) => {
  const all = getShortestPaths(cashierMachine, {
    input,
    events: eventsToTry() as unknown as CashierEvent[],
    serializeState,
    serializeEvent: (event) => JSON.stringify(event),
  });
  const byEnd = new Map(
    [...all].sort((a, b) => b.steps.length - a.steps.length).map((path) => [endStateId(path.state), path]),
  );
  return [...byEnd.values()].map((path) => ({ input, path }));
});

/** Replays a path on a running actor whose effects never answer by themselves. */
function replay(input: CashierInput, events: AnyEventObject[]) {
  const hang = () => never<never>();
  const { machine } = provideFakes({
    startTransaction: hang,
    openTransaction: hang,
    setTags: hang,
    validateContinue: hang,
    submitSale: hang,
    markPrinted: hang,
    confirm: hang,
    authorize: hang,
    verifyPin: hang,
    archiveTrx: hang,
    deleteTrx: hang,
    downloadTrx: hang,
    syncForVoid: hang,
    postVoid: hang,
    recordVoid: hang,
    checkoutAppointment: hang,
    saveAppointment: hang,
    cancelAppointment: hang,
  });
  const actor = createActor(machine, { input }).start();
  const seen: Snapshot[] = [actor.getSnapshot()];
  for (const event of events) {
    actor.send(event as CashierEvent);
    seen.push(actor.getSnapshot());
  }
  actor.stop();
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cashier statechart: shortest paths (@xstate/graph)', () => {
  it('reaches every resting state', () => {
    const reached = new Set(paths.map(({ path }) => endStateId(path.state)));
    expect(restingStates.filter((id) => !reached.has(id))).toEqual([]);
    expect(restingStates.length).toBeGreaterThan(30);
  });

  describe.each(
    paths.map(
      ({ input, path }) => [`${endStateId(path.state)} ${JSON.stringify(input)}`, input, path] as const,
    ),
  )('path to %s', (_name, input, path) => {
    const events = path.steps
      .map((step): AnyEventObject => step.event)
      .filter((e) => e.type !== 'xstate.init');

    it('the running machine follows it, keeping the step invariants', () => {
      const seen = replay(input, events);
      expect((seen.at(-1) as Snapshot).value).toEqual(path.state.value);
      for (const s of seen) {
        const { step, local_trx_id, preview } = s.context;
        // The step number shown always matches the state, and steps 2–7 always have a transaction.
        if (s.matches('step1')) expect(step).toBe(1);
        if (s.matches('step2')) expect(step).toBe(2);
        if (s.matches('step3')) expect(step).toBe(3);
        if (s.matches('step4')) expect(step).toBe(4);
        if (s.matches('preview')) expect([5, 6, 7]).toContain(step);
        const onTrx = ['step2', 'step3', 'step4', 'preview'].some((v) => s.matches(v as 'step2'));
        if (onTrx) expect(local_trx_id).toBeTruthy();
        if (s.matches('step1')) expect(local_trx_id).toBeNull();
        if (preview !== null) expect(s.matches('preview')).toBe(true);
        // A success dialog only after a submit succeeded.
        if (s.context.submission.status === 'succeeded') expect(s.matches('step4')).toBe(true);
      }
    });
  });
});
