// The app's long-lived services for screens that call the server or read the store directly:
// the API client carries the session headers and turns a 303 into the forced sign-out.
import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from '../../api/http';
import type { SessionApi } from '../../api/session';
import type { SyncService } from '../../machines/sync-service';
import type { Store } from '../../projections';

export interface AppServices {
  store: Store;
  client: ApiClient;
  sessionApi: SessionApi;
  /** The device's one sync service (sign-out, the sync statechart, void, views that sync first). */
  sync: SyncService;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

/** The services, or null outside their provider (shell tests render routes without them). */
export function useOptionalServices(): AppServices | null {
  return useContext(ServicesContext);
}

export function useServices(): AppServices {
  const value = useContext(ServicesContext);
  if (!value) throw new Error('useServices outside ServicesProvider');
  return value;
}
