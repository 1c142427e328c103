// Runs the session statechart (src/machines/session.ts) for the app and answers its UI requests:
// notifications, navigation and the sign-out confirm. Screens read a SessionView and send commands.
import { useActorRef, useSelector } from '@xstate/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { makeEvent, type SerambiDb } from '../../events';
import type { SessionMachine } from '../../machines/session';
import { listTransactions, readDevice, readSession, type Store } from '../../projections';
import { confirm, notify } from '../components/feedback';
import { ReadModelsProvider } from './read-models';
import {
  DEFAULT_DEVICE,
  type DeviceSettings,
  type SessionCommands,
  SessionContextProvider,
  type SessionView,
} from './session-context';
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

/** Signed in as far as the pages are concerned; a cashier switch in flight stays signed in. */
export function isAuthenticated(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.hasTag('authenticated') || (snapshot.matches('signingIn') && snapshot.context.mode === 'switch')
  );
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
          if (params.message) notify(params.kind, params.message, { id: `session-${params.kind}` });
        },
        navigate: (_, params) => navigate(params.to, { replace: true }),
        logError: (_, params) => console.error(params.message),
      },
      actors: {
        confirmSignOut: fromPromise(({ input }) => confirm({ title: input.title, message: input.message })),
      },
    }),
  );
  const snapshot = useSelector(actor, (s) => s);
  const stored = useLiveQuery(() => readSession(db), [db]);
  const deviceRow = useLiveQuery(() => readDevice(db), [db]);
  const transactions = useLiveQuery(() => listTransactions(db), [db], []);

  const device: DeviceSettings = deviceRow
    ? {
        displayMode: deviceRow.displayMode,
        printerPaperSize: deviceRow.printerPaperSize,
        decimalSeparator: deviceRow.decimalSeparator,
        thousandSeparator: deviceRow.thousandSeparator,
      }
    : DEFAULT_DEVICE;

  const user = snapshot.context.user;
  const view: SessionView = {
    ready: !snapshot.matches('booting') && stored !== undefined,
    authenticated: isAuthenticated(snapshot),
    userData: (user as ShellUserData | null) ?? null,
    pendingSignOut: stored?.pending_sign_out === 1,
    // No shift read model yet (the shift issue adds it): no active shift.
    hasActiveShift: false,
    device,
    busy: busyOf(snapshot),
  };

  const commands: SessionCommands = useMemo(
    () => ({
      signIn: (email, password) => actor.send({ type: 'session.signIn', email, password }),
      forgotPassword: (email) => actor.send({ type: 'session.forgotPassword', email }),
      chooseOutlet: (outletId) => actor.send({ type: 'session.chooseOutlet', outlet_id: outletId }),
      reloadConfig: () => actor.send({ type: 'session.reloadConfig' }),
      switchAccount: (email, password) => actor.send({ type: 'session.switchCashier', email, password }),
      signOut: () => actor.send({ type: 'session.signOut' }),
      // The statechart resumes a pending sign-out itself when it boots (1 s redirect).
      resumeSignOut: () => {},
      changeDevice: (patch) => {
        const actorId = snapshot.context.user?.business_user_id;
        void store
          .commit([
            makeEvent('device.settingsChanged', patch, {
              actor: typeof actorId === 'number' ? actorId : 'device',
            }),
          ])
          .catch((error: unknown) => notify('error', error instanceof Error ? error.message : String(error)));
      },
    }),
    [actor, store, snapshot.context.user?.business_user_id],
  );

  return (
    <SessionActorContext.Provider value={actor}>
      <SessionContextProvider value={{ view, commands }}>
        <ReadModelsProvider value={{ transactions }}>{children}</ReadModelsProvider>
      </SessionContextProvider>
    </SessionActorContext.Provider>
  );
}
