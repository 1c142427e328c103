// The shift screen's reads (live) and commands, on the app's services.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { ShiftView } from '../../../api/contract/shift';
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
  useServices(); // a screen that acts needs the services (a clear error outside their provider)
  return useOptionalShiftCommands() as ShiftCommands;
}

/** The same, or null outside the services' provider (the shell's route tests render the page without them). */
export function useOptionalShiftCommands(): ShiftCommands | null {
  const services = useOptionalServices();
  const store = services?.store;
  const client = services?.client;
  const sync = services?.sync;
  return useMemo(
    () =>
      store && client && sync
        ? createShiftCommands({
            store,
            api: createShiftApi(client),
            syncSales: async () => {
              await sync.runAll();
            },
          })
        : null,
    [store, client, sync],
  );
}

/** A server shift as the screen's history row (the printout reads the same fields as the device's copy). */
export const historyRowOf = (v: ShiftView): ShiftRecord => ({
  ...v,
  status: 'ended',
  isSynced: true,
  started_seq: 0,
  ended_seq: 0,
});

export interface ServerShifts {
  /** The server was asked (answered or not): until then the start form waits for a shift to restore. */
  checked: boolean;
  /** The server's ended shifts of this cashier here, newest first; null while offline (the device's copy). */
  history: ShiftRecord[] | null;
}

/**
 * Ruling 26: on opening the screen, and whenever the active shift changes, asks the server for this
 * cashier's shifts here: its open shift is restored onto this device, its ended ones are the history.
 */
export function useServerShifts(
  commands: ShiftCommands | null,
  activeKey: string,
  ownerKey: string,
): ServerShifts {
  const [state, setState] = useState<ServerShifts>({ checked: commands === null, history: null });
  useEffect(() => {
    if (!commands) return;
    let live = true;
    // the owner and the active shift are what the answer depends on
    void [ownerKey, activeKey];
    // a start still queued goes first (ruling 26: sent like a sale), so the server's answer includes it
    commands
      .sendStarts()
      .catch(() => undefined)
      .then(() => commands.loadServerShifts())
      .then((views) => {
        if (live) setState({ checked: true, history: views ? views.map(historyRowOf) : null });
      })
      .catch(() => {
        if (live) setState((s) => ({ ...s, checked: true }));
      });
    return () => {
      live = false;
    };
  }, [commands, activeKey, ownerKey]);
  return state;
}
