// Storage safety (issue 15): the recovery of src/projections/storage-recovery.ts with the app's server: the
// configuration loader of the sign-in (GET cashier/config) and the sale lookup (GET cashier/pos-trx/{id}),
// authorised by the session copied outside IndexedDB. Loaded by cashier-main.tsx only when needed.
import { createApiClient, defaultBaseUrl } from '../../../api/http';
import { createPosApi } from '../../../api/pos';
import { createSessionApi } from '../../../api/session';
import type { UserData } from '../../../events';
import type { Store } from '../../../projections';
import type { KeyValue, StorageProblem } from '../../../projections/storage-guard';
import { type RecoveryServer, recoverDatabase } from '../../../projections/storage-recovery';

export function appServer(user: UserData | null): RecoveryServer {
  const auth =
    user?.client_key && user.login_token
      ? { client_key: user.client_key, login_token: user.login_token }
      : null;
  const client = createApiClient({
    baseUrl: defaultBaseUrl(),
    getAuth: () => auth,
    onForcedSignOut: () => {},
  });
  const sessionApi = createSessionApi(client);
  const posApi = createPosApi(client);
  return {
    loadConfig: (outlet_id) => sessionApi.loadConfig(outlet_id),
    holds: async (local_trx_id) => (await posApi.stored(local_trx_id)) !== null,
  };
}

export const recover = (store: Store, problem: StorageProblem, kv: KeyValue) =>
  recoverDatabase(store, problem, { kv, server: appServer });
