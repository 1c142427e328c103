// Providers (Mantine, modals, notifications), the session, and the routes.
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { SessionMachine } from '../../machines/session';
import type { SyncService } from '../../machines/sync-service';
import { AppRoutes } from './AppRoutes';
import { type AppServices, ServicesProvider } from './services';
import { useSession } from './session-context';
import { SessionProvider } from './session-provider';
import { SyncRunner } from './sync-runner';

// Touch-first defaults for a till and a 10-inch tablet.
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <ModalsProvider labels={{ confirm: 'Ya', cancel: 'Tidak' }}>
        {/* Top centre: on the cashier screen the top-right corner holds Simpan / Hapus and modal close buttons. */}
        <Notifications position="top-center" />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

export function App({ machine, services }: { machine: SessionMachine; services: AppServices }) {
  const { store } = services;
  return (
    <AppProviders>
      <ServicesProvider value={services}>
        <SessionProvider machine={machine} store={store}>
          <SignedInSync sync={services.sync}>
            <AppRoutes onPurge={() => store.close()} />
          </SignedInSync>
        </SessionProvider>
      </ServicesProvider>
    </AppProviders>
  );
}

/** Sync runs only while a cashier is signed in (its 300 s timer starts at sign-in). */
function SignedInSync({ sync, children }: { sync: SyncService; children: ReactNode }) {
  const { view } = useSession();
  return (
    <SyncRunner sync={sync} enabled={view.authenticated}>
      {children}
    </SyncRunner>
  );
}
