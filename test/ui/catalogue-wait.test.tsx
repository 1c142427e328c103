// @vitest-environment jsdom
// Issue 28: a screen that reads the catalogue, opened before the outlet's catalogue is stored, waits visibly
// ("Memuat katalog…") and gets no configuration while the catalogue is partly written; once it is complete the
// configuration carries the stored lists, with the stored catalogue's own version.
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { splitCatalogue } from '../../src/domain/config-catalogue';
import { CATALOGUE_TEXTS } from '../../src/domain/texts/storage';
import type { StoredSession } from '../../src/machines/session';
import { sessionMachine } from '../../src/machines/session';
import { writeCatalogue } from '../../src/projections/catalogue';
import { CatalogueWait } from '../../src/ui/app/CatalogueWait';
import { type AppServices, ServicesProvider } from '../../src/ui/app/services';
import { SessionProvider } from '../../src/ui/app/session-provider';
import {
  catalogueConfigFor,
  useCatalogueConfig,
  useSessionConfig,
} from '../../src/ui/app/use-session-config';
import { freshStore, user } from '../projections/helpers';
import { cleanup, installDomShims, render } from './pos-dialogs-dom';

beforeAll(installDomShims);
afterEach(cleanup);

function Screen() {
  const { config, catalogue, configError } = useCatalogueConfig();
  if (configError) return <p>{JSON.stringify(configError.issues[0])}</p>;
  if (!config) return <CatalogueWait status={catalogue} />;
  return (
    <p>
      items {config.pos_items.length} version {config.catalogue_version} outlet {config.outlet_id}
    </p>
  );
}

// a screen that reads only the session's part (the appointment form, the redeem's member page, the reports)
function HeadScreen() {
  const { config } = useSessionConfig();
  return <p>{config ? `head outlet ${config.outlet_id} tags ${config.tags.length}` : 'no configuration'}</p>;
}

const answer = {
  ...user(1, { outlet_id: 7 }),
  catalogue_version: 4,
  catalogue_hash: 'g4-x',
  tags: [{ pos_tag_id: 1, pos_tag_name: 'VIP' }],
  pos_items: Array.from({ length: 30 }, (_, i) => ({ pos_item_id: i + 1, item_name: `Item ${i}` })),
};

describe('the catalogue read through useCatalogueConfig', () => {
  it('waits with our text until every page is stored, then reads the stored lists', async () => {
    const parts = splitCatalogue(answer);
    if (!parts) throw new Error('no catalogue');
    const store = freshStore();
    const machine = sessionMachine.provide({
      actors: {
        loadStoredSession: fromPromise<StoredSession>(async () => ({
          user: parts.head as unknown as StoredSession['user'],
          pending_sign_in: false,
          pending_sign_out: false,
        })),
      },
    });
    render(
      <ServicesProvider value={{ store } as unknown as AppServices}>
        <SessionProvider machine={machine} store={store}>
          <Screen />
          <HeadScreen />
        </SessionProvider>
      </ServicesProvider>,
    );
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(document.body.textContent).toContain(CATALOGUE_TEXTS.loading);
    });

    // half the pages: still waiting, never a part of the catalogue
    // the screens that read no catalogue list never wait for it (the reverted version gave them null)
    expect(document.body.textContent).toContain('head outlet 7 tags 1');
    let pages = 0;
    await act(async () => {
      await expect(
        writeCatalogue(store.db, parts.ref, parts.lists, {
          pageRows: 10,
          pause: async () => {
            if (pages === 2) throw new Error('interrupted');
            pages++;
          },
        }),
      ).rejects.toThrow('interrupted');
    });
    await act(async () => {});
    expect(document.body.textContent).toContain(CATALOGUE_TEXTS.loading);
    expect(document.body.textContent).not.toContain('items');

    await act(async () => {
      await writeCatalogue(store.db, parts.ref, parts.lists, { pageRows: 10, pause: async () => {} });
    });
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(document.body.textContent).toContain('items 30 version 4 outlet 7');
    });
    expect(document.body.textContent).not.toContain(CATALOGUE_TEXTS.loading);
  });

  it("a command's configuration waits for the catalogue and goes on by itself once it is stored", async () => {
    const parts = splitCatalogue(answer);
    if (!parts) throw new Error('no catalogue');
    const store = freshStore();
    let done = false;
    const waiting = catalogueConfigFor(store.db, parts.head).then((config) => {
      done = true;
      return config;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBe(false);
    await writeCatalogue(store.db, parts.ref, parts.lists, { pageRows: 10, pause: async () => {} });
    const config = await waiting;
    expect(config.pos_items).toHaveLength(30);
    expect(config.tags).toHaveLength(1);
    expect(config.catalogue_version).toBe(4);
    // once stored, at once
    expect((await catalogueConfigFor(store.db, parts.head)).pos_items).toHaveLength(30);
  });

  it('says so, never silently, when no catalogue is stored in time', async () => {
    const parts = splitCatalogue(answer);
    if (!parts) throw new Error('no catalogue');
    const store = freshStore();
    await expect(catalogueConfigFor(store.db, parts.head, 50)).rejects.toThrow(CATALOGUE_TEXTS.failed);
    // a configuration that names no stored catalogue is used as it is
    expect((await catalogueConfigFor(store.db, answer)).pos_items).toHaveLength(30);
  });
});
