// @vitest-environment jsdom
// Ruling 24 (no outlet traps a user) and the device state in the header (issue 10): whatever the flags,
// every page with the layout offers "Pilih Outlet" and "Sign Out", "Pilih Outlet" itself offers
// sign-out, a blocked sign-out links to the screen that unblocks it, and the header always says
// whether the device is online and how many sales wait to be synced.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes } from '../../src/ui/app/AppRoutes';
import { ReadModelsProvider } from '../../src/ui/app/read-models';
import {
  type SessionCommands,
  SessionContextProvider,
  type SessionView,
} from '../../src/ui/app/session-context';
import { notify } from '../../src/ui/components/feedback';
import { demoUser } from './fixtures';
import { installDomShims } from './pos-dialogs-dom';
import { noCommands, sessionView } from './shell-render';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

function open(path: string, view: SessionView, outboxCount = 0, commands: Partial<SessionCommands> = {}) {
  const location = memoryLocation({ path, record: true });
  const all = { ...noCommands, ...commands };
  const wrap = (node: ReactNode) => (
    <MantineProvider theme={{ respectReducedMotion: true }}>
      <Notifications />
      <SessionContextProvider value={{ view, commands: all }}>
        <ReadModelsProvider value={{ transactions: [], outboxCount }}>
          <Router hook={location.hook}>{node}</Router>
        </ReadModelsProvider>
      </SessionContextProvider>
    </MantineProvider>
  );
  render(wrap(<AppRoutes />));
  return { location };
}

/** Menteng as it was configured before ruling 24: a shift enforced and none started. */
const trapping = sessionView(demoUser({ pos_shift_enforced: 1 }));

describe('no outlet traps a user (ruling 24)', () => {
  it('the shift redirect keeps "Pilih Outlet" and "Sign Out" in the header', async () => {
    const signOut = vi.fn();
    const { location } = open('/pos', trapping, 0, { signOut });
    expect(location.history.at(-1)).toBe('/shift-management');
    // the layout and the page are lazy chunks (issue 10): wait for them
    expect(
      await screen.findByText(
        'Shift harus dimulai terlebih dahulu sebelum dapat mulai beraktivitas',
        undefined,
        {
          timeout: 15_000, // a cold transform of the lazy chunks takes seconds on a loaded machine
        },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('account-menu'));
    const outletChoice = await screen.findByTestId('account-choose-outlet');
    expect(outletChoice.getAttribute('href')).toBe('/choose-outlet');
    expect(outletChoice.textContent).toBe('Pilih Outlet');
    fireEvent.click(screen.getByTestId('account-sign-out'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('"Pilih Outlet" offers sign-out', async () => {
    const signOut = vi.fn();
    open('/choose-outlet', sessionView(demoUser({ outlet_id: null })), 0, { signOut });
    expect(await screen.findByRole('heading', { name: 'Pilih Outlet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('a notice with a link shows it and follows it when tapped', async () => {
    render(
      <MantineProvider theme={{ respectReducedMotion: true }}>
        <Notifications />
      </MantineProvider>,
    );
    const go = vi.fn();
    act(() =>
      notify('error', 'Shift harus diakhiri terlebih dahulu sebelum sign out.', {
        action: { label: 'Buka Shift Management', onClick: go },
      }),
    );
    const link = await screen.findByRole('button', { name: 'Buka Shift Management' });
    expect(screen.getByText('Shift harus diakhiri terlebih dahulu sebelum sign out.')).toBeTruthy();
    fireEvent.click(link);
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('the device state in the header', () => {
  it('online with nothing waiting', async () => {
    open('/', sessionView(demoUser()));
    const status = within(await screen.findByTestId('device-status'));
    expect(status.getByText('Online')).toBeTruthy();
    expect(status.getByText('Belum sync: 0')).toBeTruthy();
  });

  it('offline with the outbox count, following the browser’s events', async () => {
    open('/', sessionView(demoUser()), 2);
    expect((await screen.findByTestId('device-outbox')).textContent).toBe('Belum sync: 2');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('device-network').textContent).toContain('Offline');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByTestId('device-network').textContent).toContain('Online');
  });
});
