// The shift screen's reads (live) and commands, on the app's services.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { createShiftApi } from '../../../api/shift';
import type { ShiftRecord } from '../../../events';
import { readActiveShift, readShiftHistory, shiftOwnerOf } from '../../../projections';
import { createShiftCommands, type ShiftCommands } from '../../../projections/commands/shift';
import { useOptionalServices, useServices } from '../../app/services';
import { useSession } from '../../app/session-context';

export interface ShiftReads {
  ready: boolean;
  active: ShiftRecord | null;
  history: ShiftRecord[];
}

/** The active shift and the history of this cashier at this outlet, following the log. */
export function useShiftReads(): ShiftReads {
  // Optional: the shell's route tests render the page without services (nothing to read then).
  const store = useOptionalServices()?.store ?? null;
  const { view } = useSession();
  const owner = shiftOwnerOf(view.userData);
  const key = owner ? `${owner.outlet_id}/${owner.business_user_id}` : '';
  const data = useLiveQuery(async () => {
    if (!owner || !store) return { active: null, history: [] };
    const [active, history] = await Promise.all([
      readActiveShift(store.db, owner),
      readShiftHistory(store.db, owner),
    ]);
    return { active, history };
  }, [store, key]);
  return {
    ready: store !== null && data !== undefined,
    active: data?.active ?? null,
    history: data?.history ?? [],
  };
}

/** The shift commands on the app's store and client; the end syncs pending sales first. */
export function useShiftCommands(): ShiftCommands {
  const { store, client, sync } = useServices();
  return useMemo(
    () =>
      createShiftCommands({
        store,
        api: createShiftApi(client),
        syncSales: async () => {
          await sync.runAll();
        },
      }),
    [store, client, sync],
  );
}
