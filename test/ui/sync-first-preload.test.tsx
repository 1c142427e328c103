// @vitest-environment jsdom
// SyncFirst loads its view's chunk during the sync pass (issue 13, the stock list's first paint): the load
// starts with the pass, and the view opens once both are done — not before its code is there, and not
// a chunk load after the pass (a view that suspends then waits for React's 300 ms Suspense reveal).
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncReport } from '../../src/machines/sync-outbox';
import type { SyncService } from '../../src/machines/sync-service';
import { SyncFirst } from '../../src/ui/app/SyncFirst';
import { type AppServices, ServicesProvider } from '../../src/ui/app/services';
import { cleanup, flush, installDomShims, render } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

function held<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const emptyPass: SyncReport = { total: 0, synced: [], skipped: [], failed: [] };

function open(pass: Promise<SyncReport>, preload: () => Promise<unknown>) {
  const sync = { run: () => pass, runAll: () => pass, subscribe: () => () => {} } as SyncService;
  render(
    <ServicesProvider value={{ sync } as Partial<AppServices> as AppServices}>
      <SyncFirst kind="stock" preload={preload}>
        <p data-testid="the-view">Daftar Stok</p>
      </SyncFirst>
    </ServicesProvider>,
  );
}

const shown = () => document.querySelector('[data-testid="the-view"]') !== null;
const loading = () => document.querySelector('[data-testid="sync-first-loading"]') !== null;

describe('SyncFirst and its view’s chunk', () => {
  it('starts the chunk with the pass; the pass done first, the view waits for its code', async () => {
    const pass = held<SyncReport>();
    const chunk = held<unknown>();
    let loads = 0;
    open(pass.promise, () => {
      loads += 1;
      return chunk.promise;
    });
    await flush();
    expect(loads).toBe(1);
    expect(loading()).toBe(true);
    await act(async () => pass.resolve(emptyPass));
    await flush();
    expect(shown()).toBe(false);
    expect(loading()).toBe(true);
    await act(async () => chunk.resolve(null));
    await flush();
    expect(shown()).toBe(true);
  });

  it('the chunk loaded first, the view still waits for the pass', async () => {
    const pass = held<SyncReport>();
    open(pass.promise, () => Promise.resolve());
    await flush();
    expect(shown()).toBe(false);
    await act(async () => pass.resolve(emptyPass));
    await flush();
    expect(shown()).toBe(true);
  });

  it('a chunk that fails to load (offline) does not hold the view: its own render retries it', async () => {
    const pass = held<SyncReport>();
    open(pass.promise, () => Promise.reject(new Error('offline')));
    await act(async () => pass.resolve(emptyPass));
    await flush();
    expect(shown()).toBe(true);
  });
});
