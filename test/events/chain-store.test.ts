import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type ChainedEvent, verifyChain } from '../../src/events';
import { ev, freshStore, user } from '../projections/helpers';

describe('the log links every appended event (issue 15)', () => {
  it('commits carry a chain from a random genesis that verifies, across a sign-out clear', async () => {
    const store = freshStore();
    await store.commit([ev('session.signedIn', { user: user(1) }, 1)]);
    await store.commit([
      ev('session.signInConfirmed', { business_user_id: 1, cashier_name: 'Kasir 1' }, 1),
      ev('device.settingsChanged', { displayMode: 'TABLET' }, 'device'),
    ]);
    const before = (await store.db.events.toArray()) as unknown as ChainedEvent[];
    expect(before.map((e) => e.chain.n)).toEqual([1, 2, 3]);
    expect(before[0].chain.prev).toMatch(/^[0-9a-f]{64}$/);
    await store.clearLocalData({ keepDeviceSettings: true });
    const after = (await store.db.events.toArray()) as unknown as ChainedEvent[];
    // the settings event re-recorded after the clear continues the same chain
    expect(after.map((e) => e.chain.n)).toEqual([4]);
    expect(after[0].chain.device).toBe(before[0].chain.device);
    // nothing was uploaded: the cleared events wait in the backlog
    const backlog = (await store.db.auditBacklog.toArray()) as unknown as ChainedEvent[];
    expect(backlog.map((e) => e.id)).toEqual(before.map((e) => e.id));
    const verified = await verifyChain([...backlog, ...after]);
    expect(verified.every((v) => v.flags.length === 0)).toBe(true);
    expect(await store.getDevice()).toMatchObject({ displayMode: 'TABLET' });
  });

  it('a log written before the chain (no chain fields) still loads, and new events link after it', async () => {
    const store = freshStore();
    await store.db.events.add({
      id: 'old-1',
      type: 'device.settingsChanged',
      v: 1,
      at: '2026-01-01T00:00:00.000Z',
      actor: 'device',
      payload: { displayMode: 'TABLET' },
    });
    expect(await store.rebuild()).toEqual({ events: 1 });
    expect(await store.getDevice()).toMatchObject({ displayMode: 'TABLET' });
    const [stored] = await store.commit([ev('device.settingsChanged', { displayMode: 'DESKTOP' }, 'device')]);
    expect(((await store.db.events.get(stored.seq)) as unknown as ChainedEvent).chain.n).toBe(1);
    expect(await store.listEvents()).toHaveLength(2);
  });
});

describe('the upload of the log (issue 15)', () => {
  it('resumes after a failed batch, sends the backlog first, and sends nothing twice once acknowledged', async () => {
    const { uploadLog } = await import('../../src/events/chain-upload');
    const store = freshStore();
    for (let i = 0; i < 5; i++)
      await store.commit([
        ev('device.settingsChanged', { displayMode: i % 2 ? 'TABLET' : 'DESKTOP' }, 'device'),
      ]);
    const sent: string[][] = [];
    let failOn = 2;
    const send = async (events: Array<{ id: string }>) => {
      if (--failOn === 0) throw new Error('network');
      sent.push(events.map((e) => e.id));
    };
    await expect(uploadLog(store.db, send, 2)).rejects.toThrow('network');
    expect(sent.flat()).toHaveLength(2);
    // the sign-out goes on: the rest is kept through the clear
    await store.clearLocalData({ keepDeviceSettings: true });
    expect(await store.db.auditBacklog.count()).toBe(3);
    expect(await uploadLog(store.db, send, 2)).toBe(4);
    const all = (await Promise.all([store.db.events.toArray()])).flat();
    expect(sent.flat()).toHaveLength(6);
    expect(new Set(sent.flat()).size).toBe(6);
    expect(sent.flat().at(-1)).toBe(all.at(-1)?.id);
    expect(await uploadLog(store.db, send, 2)).toBe(0);
  });
});
