// @vitest-environment jsdom
// The session's view and the shell's read models on the real event store: a sale's commit does not
// re-render the screens that read the session (nothing they show changed), only the read models'
// readers (Home); a device change reaches the session's readers.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { makeEvent } from '../../src/events';
import type { StoredSession } from '../../src/machines/session';
import { sessionMachine } from '../../src/machines/session';
import { createCashierCommands } from '../../src/projections/commands';
import { useReadModels } from '../../src/ui/app/read-models';
import { useSession } from '../../src/ui/app/session-context';
import { SessionProvider } from '../../src/ui/app/session-provider';
import { config, item } from '../projections/commands/fixtures';
import { freshStore } from '../projections/helpers';
import { cleanup, installDomShims, render } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

const seen = { session: 0, readModels: 0, separator: '', transactions: -1 };

function SessionReader() {
  const { view } = useSession();
  seen.session++;
  seen.separator = view.device.thousandSeparator;
  return <span>{view.ready ? 'ready' : 'booting'}</span>;
}

function ReadModelsReader() {
  const { transactions } = useReadModels();
  seen.readModels++;
  seen.transactions = transactions.length;
  return null;
}

const machine = sessionMachine.provide({
  actors: {
    loadStoredSession: fromPromise<StoredSession>(async () => ({
      user: null,
      pending_sign_in: false,
      pending_sign_out: false,
    })),
  },
});

describe('SessionProvider on the event store', () => {
  it('a commit re-renders the session readers only when a field they show changed', async () => {
    const store = freshStore();
    const commands = createCashierCommands({ store, getConfig: () => config(), actor: () => 7 });
    render(
      <SessionProvider machine={machine} store={store}>
        <SessionReader />
        <ReadModelsReader />
      </SessionProvider>,
    );
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(document.body.textContent).toContain('ready');
      expect(seen.transactions).toBe(0);
    });
    const sessionRenders = seen.session;
    const readModelRenders = seen.readModels;

    // A sale's commits: the read models' reader sees the sale (with a line: an empty one is nobody's work,
    // ruling 27), the session's reader is not rendered.
    await act(async () => {
      const started = await commands.startTransaction({ trx_type: 'NORMAL', pos_salesType_id: 2 });
      if (!started.ok) throw new Error(started.message);
      await commands.addItem({
        local_trx_id: started.local_trx_id,
        item: item([50000]),
        pos_item_variant_id: 1,
        qty: 1,
      });
    });
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(seen.transactions).toBe(1);
    });
    expect(seen.readModels).toBeGreaterThan(readModelRenders);
    expect(seen.session).toBe(sessionRenders);

    // A device change is shown: the session's readers get it.
    await act(async () => {
      await store.commit([makeEvent('device.settingsChanged', { thousandSeparator: '.' }, { actor: 7 })]);
    });
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(seen.separator).toBe('.');
    });
    expect(seen.session).toBeGreaterThan(sessionRenders);
  });
});
