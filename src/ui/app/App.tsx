// Providers (Mantine, modals, notifications), the session, and the routes.
import { MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import type { SessionMachine } from '../../machines/session';
import type { SyncService } from '../../machines/sync-service';
import { AppRoutes } from './AppRoutes';
import { Overlays } from './route-pages';
import { type AppServices, ServicesProvider } from './services';
import { useSession } from './session-context';
import { SessionProvider } from './session-provider';
import { SyncRunner } from './sync-runner';
import { cssVariablesResolver, theme } from './theme';

export { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
      {children}
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
