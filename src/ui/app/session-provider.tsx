// Runs the session statechart (src/machines/session.ts) for the app and answers its UI requests:
// notifications, navigation and the sign-out confirm. Screens read a SessionView and send commands.
import { useActorRef, useSelector } from '@xstate/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { isOn } from '../../domain/flags';
import { consumptionDue as consumptionDueOf } from '../../domain/sign-out';
import type { SerambiDb } from '../../events';
import { isAuthenticated, type SessionMachine } from '../../machines/session';
import { readActiveShift, readDevice, readSession, type Store, shiftOwnerOf } from '../../projections';
import { changeDeviceSettings } from '../../projections/commands';
import { namingOpenShiftsElsewhere } from '../../projections/shift-reads';
import { confirm, notify } from '../components/feedback';
import { inspectOptions } from './inspector';
import { LiveReadModelsProvider } from './read-models';
import {
  DEFAULT_DEVICE,
  type DeviceSettings,
  type SessionCommands,
  SessionContextProvider,
  type SessionView,
} from './session-context';
import { useStableDevice } from './use-stable-device';
import type { ShellUserData } from './user-data';

type SessionSnapshot = SnapshotFrom<SessionMachine>;
type SessionActorRef = ReturnType<typeof useActorRef<SessionMachine>>;

const SessionActorContext = createContext<SessionActorRef | null>(null);

/** The running session actor, for code that must send it events (e.g. a 303 seen elsewhere). */
export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor outside SessionProvider');
  return actor;
}

/** Which statechart step is running, in the words screens use for their spinners. */
export function busyOf(snapshot: SessionSnapshot): SessionView['busy'] {
  if (snapshot.matches('signingIn')) return snapshot.context.mode === 'switch' ? 'switchAccount' : 'signIn';
  if (snapshot.matches({ signedOut: 'requestingReset' })) return 'forgotPassword';
  if (snapshot.matches({ signedOut: 'resettingPassword' })) return 'resetPassword';
  if (snapshot.matches({ signedIn: 'loadingOutlet' }) || snapshot.matches({ signedIn: 'savingOutlet' })) {
    return 'chooseOutlet';
  }
  if (snapshot.matches({ signedIn: 'reloadingConfig' }) || snapshot.matches({ signedIn: 'savingReload' })) {
    return 'reloadConfig';
  }
  if (snapshot.matches({ signedIn: 'switching' })) return 'switchAccount';
  if (snapshot.matches('signingOut') && snapshot.hasTag('busy')) return 'signOut';
  return null;
}

export function SessionProvider({
  machine,
  store,
  children,
}: {
  /** The session machine with its live actors provided (src/machines/live.ts). */
  machine: SessionMachine;
  store: Store;
  children: ReactNode;
}) {
  const db: SerambiDb = store.db;
  const actor = useActorRef(
    machine.provide({
      actions: {
        notify: (_, params) => {
          // An empty message is the machine's way of staying silent on repeated retries.
          if (!params.message) return;
          const { link } = params;
          notify(params.kind, params.message, {
            id: `session-${params.kind}`,
            ...(link ? { action: { label: link.label, onClick: () => navigate(link.href) } } : {}),
          });
        },
        navigate: (_, params) => navigate(params.to, { replace: true }),
        logError: (_, params) => console.error(params.message),
      },
      actors: {
        // ruling 26: the confirmation names each enforced shift still open at another outlet
        confirmSignOut: fromPromise(async ({ input }) =>
          confirm(await namingOpenShiftsElsewhere(store, { title: input.title, message: input.message })),
        ),
      },
    }),
    inspectOptions(),
  );
  // Each part of the view is selected on its own: a step that changes none of them renders nothing.
  const booting = useSelector(actor, (s) => s.matches('booting'));
  const authenticated = useSelector(actor, isAuthenticated);
  const user = useSelector(actor, (s) => s.context.user);
  const busy = useSelector(actor, busyOf);
  const stored = useLiveQuery(() => readSession(db), [db]);
  // The shifts read model (issue 12): the signed-in cashier's active shift at the chosen outlet.
  const shiftOwner = shiftOwnerOf(user as { business_user_id?: unknown; outlet_id?: unknown } | null);
  const shiftKey = shiftOwner ? `${shiftOwner.outlet_id}/${shiftOwner.business_user_id}` : '';
  // undefined until read: the guard waits for it (a reload must not send an active shift to start one)
  // (tagged with its owner: after a change of cashier or outlet the previous answer is not this one's)
  const activeShiftRead = useLiveQuery(
    async () => ({
      key: shiftKey,
      active: shiftOwner ? (await readActiveShift(db, shiftOwner)) !== null : false,
    }),
    [db, shiftKey],
  );
  const shiftRead = activeShiftRead?.key === shiftKey;
  const hasActiveShift = shiftRead && activeShiftRead?.active === true;
  const deviceRow = useLiveQuery(() => readDevice(db), [db]);

  // A commit re-runs these queries only when it writes their row; the view stays the same object
  // unless a field it shows changed, so the screens (and /pos) are not re-rendered by a sale's lines.
  const d = deviceRow ?? DEFAULT_DEVICE;
  const device: DeviceSettings = useStableDevice(d);
  const ready = !booting && stored !== undefined && shiftRead;
  const pendingSignOut = stored?.pending_sign_out === 1;
  const consumptionDue = consumptionDueOf({
    inventoryRequired: isOn((user as { is_inventory_required?: number } | null)?.is_inventory_required),
    consumptionDone: stored?.has_done_inventory_consumption === 1,
  });
  const view: SessionView = useMemo(
    () => ({
      ready,
      authenticated,
      userData: (user as ShellUserData | null) ?? null,
      pendingSignOut,
      hasActiveShift,
      consumptionDue,
      device,
      busy,
    }),
    [ready, authenticated, user, pendingSignOut, hasActiveShift, consumptionDue, device, busy],
  );

  const commands: SessionCommands = useMemo(
    () => ({
      signIn: (email, password) => actor.send({ type: 'session.signIn', email, password }),
      forgotPassword: (email) => actor.send({ type: 'session.forgotPassword', email }),
      resetPassword: (reset_token, password, password_confirmation) =>
        actor.send({ type: 'session.resetPassword', reset_token, password, password_confirmation }),
      chooseOutlet: (outletId) => actor.send({ type: 'session.chooseOutlet', outlet_id: outletId }),
      reloadConfig: () => actor.send({ type: 'session.reloadConfig' }),
      switchAccount: (email, password) => actor.send({ type: 'session.switchCashier', email, password }),
      signOut: () => actor.send({ type: 'session.signOut' }),
      // The statechart resumes a pending sign-out itself when it boots (1 s redirect).
      resumeSignOut: () => {},
      changeDevice: (patch) => {
        const actorId = user?.business_user_id;
        changeDeviceSettings(store, patch, typeof actorId === 'number' ? actorId : 'device').catch(
          (error: unknown) => notify('error', error instanceof Error ? error.message : String(error)),
        );
      },
    }),
    [actor, store, user?.business_user_id],
  );

  const value = useMemo(() => ({ view, commands }), [view, commands]);

  return (
    <SessionActorContext.Provider value={actor}>
      <SessionContextProvider value={value}>
        <LiveReadModelsProvider db={db}>{children}</LiveReadModelsProvider>
      </SessionContextProvider>
    </SessionActorContext.Provider>
  );
}
