// /pos (000 §2 "Cashier screen — steps"): runs the cashier statechart with `?next` and `?tags`,
// builds the page's shared values (usePos) from the live services and renders the frame.
import { Center, Loader } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { PosConfig } from '../../../domain';
import type { Authorization, AuthorizationRequest, ConfirmRequest } from '../../../machines/cashier';
import { parseCashierQuery } from '../../../machines/cashier';
import { createLivePos } from '../../../machines/live-pos';
import { listOpen, readTrx } from '../../../projections/selectors';
import { inspectOptions } from '../../app/inspector';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { useSessionConfig } from '../../app/use-session-config';
import { useStableDevice } from '../../app/use-stable-device';
import { confirm, notify } from '../../components/feedback';
import { BookingsProvider, useLiveBookings } from './bookings';
import { CompletionPrint, type SaleReceiptHooks } from './CompletionPrint';
import { type PosCashier, type PosContextValue, PosProvider } from './context';
import { readCurrentTrx, writeCurrentTrx } from './current-trx';
import type { PendingAuthorization } from './frame/AuthorizeModal';
import { PosFrame } from './frame/PosFrame';
import { OpenTrxProvider } from './open-trx';
import { useShownSnapshot } from './use-shown-snapshot';
import { useShownTrx } from './use-shown-trx';

/** Kept across a reload so `?next` resumes the transaction on screen (current-trx.ts). */
const readCurrent = readCurrentTrx;
const writeCurrent = writeCurrentTrx;

/** How long a submission runs before the page renders it as 'submitting' (issue 29). */
const SUBMITTING_SHOWN_AFTER_MS = 300;

function LivePos({ config }: { config: PosConfig }) {
  const { store, client, sync } = useServices();
  const { view } = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const configRef = useRef(config);
  configRef.current = config;
  const [authorization, setAuthorization] = useState<PendingAuthorization | null>(null);

  // The cashier's commands, calls and statechart on the device's one sync service.
  // Issue 29: the direct printer's hooks on the submit command (CompletionPrint answers them)
  const receiptHooks = useRef<SaleReceiptHooks | null>(null);
  const live = useMemo(
    () =>
      createLivePos({
        store,
        client,
        sync,
        getConfig: () => configRef.current,
        receipt: {
          onPlanned: (trx) => receiptHooks.current?.onPlanned(trx),
          onRecorded: (trx) => receiptHooks.current?.onRecorded(trx),
        },
      }),
    [store, client, sync],
  );
  const { commands, api } = live;
  const machine = useMemo(
    () =>
      live.cashierMachine.provide({
        actors: {
          confirm: fromPromise<boolean, ConfirmRequest>(({ input }) =>
            confirm({ title: input.title, message: input.message || undefined }),
          ),
          authorize: fromPromise<Authorization | null, AuthorizationRequest>(
            ({ input }) =>
              new Promise((resolve) =>
                setAuthorization({
                  request: input,
                  resolve: (value) => {
                    setAuthorization(null);
                    resolve(value);
                  },
                }),
              ),
          ),
        },
        actions: {
          notify: (_, n) => notify(n.kind, n.message, { id: n.id }),
          navigate: (_, { to }) => navigate(to),
          logError: (_, { message }) => console.error(message),
        },
      }),
    [live, navigate],
  );

  const [snapshot, send] = useMachine(machine, {
    input: {
      ...parseCashierQuery(search),
      displayMode: view.device.displayMode,
      config: {
        pos_print_digital_invoice: config.pos_print_digital_invoice,
        pos_cashier_delete_by_pin: config.pos_cashier_delete_by_pin,
        is_void_allowed: config.is_void_allowed,
      },
      local_trx_id: readCurrent(),
    },
    ...inspectOptions(),
  });
  // Issue 29 ('Selesai' → paper): 'submitting' is not rendered for its first moments, then in a deferred render
  // (use-shown-snapshot.ts), so the sale's commit and its receipt are not held back behind the frame's re-render.
  const shown = useShownSnapshot(snapshot, 'submitting', SUBMITTING_SHOWN_AFTER_MS);
  const ctx = shown.context;
  const local_trx_id = ctx.step === 1 ? null : ctx.local_trx_id;

  useEffect(() => {
    writeCurrent(ctx.step === 2 || ctx.step === 3 ? ctx.local_trx_id : null);
  }, [ctx.step, ctx.local_trx_id]);

  // Ruling 27: leaving /pos (the menu, another page) leaves the transaction on screen; an empty one is
  // discarded like a 'back' to the list (a reload keeps it: the page does not unmount).
  const onScreen = useRef<string | null>(null);
  onScreen.current = ctx.step === 2 || ctx.step === 3 ? ctx.local_trx_id : null;
  useEffect(
    () => () => {
      const left = onScreen.current;
      if (!left) return;
      void commands.discardIfEmpty(left).then((r) => {
        if (r.ok && r.discarded && readCurrent() === left) writeCurrent(null);
      });
    },
    [commands],
  );

  // One live query per commit for the transaction on screen and the open transactions (worker
  // labels, occupied areas): both answers arrive in one re-render.
  const read = useLiveQuery(async () => {
    const [trx, open] = await Promise.all([
      local_trx_id ? readTrx(store.db, local_trx_id) : undefined,
      listOpen(store.db),
    ]);
    return { trx, open };
  }, [store, local_trx_id]);
  // The row a command is committing shows at once (use-shown-trx.ts), then the live read.
  const trx = useShownTrx(commands.pending, local_trx_id, read?.trx);
  // Its own query: a commit of a sale does not touch the appointment loads (no re-run per commit).
  const bookings = useLiveBookings(store.db);

  const cashier: PosCashier = useMemo(
    () => ({
      step: ctx.step,
      busy: shown.hasTag('busy'),
      appointment: ctx.trx_status_id === 1,
      preview: ctx.preview,
      submission: ctx.submission,
      target_trx_id: ctx.target_trx_id,
      send,
    }),
    [shown, ctx, send],
  );

  const separators = useMemo(
    () => ({
      decimalSeparator: view.device.decimalSeparator,
      thousandSeparator: view.device.thousandSeparator,
    }),
    [view.device.decimalSeparator, view.device.thousandSeparator],
  );

  // The session's view (and its device object) is rebuilt on every commit the session's live
  // queries see: the page's value changes only when a device field does.
  const device = useStableDevice(view.device);

  const value: PosContextValue = useMemo(
    () => ({
      config,
      device,
      isTablet: device.displayMode === 'TABLET',
      separators,
      commands,
      trx: trx && trx.local_trx_id === local_trx_id ? trx : null,
      local_trx_id,
      cashier,
      api,
      notify: (kind, message, options) => notify(kind, message, options),
      confirm,
      now: () => new Date(),
      host: typeof window === 'undefined' ? '' : window.location.origin,
    }),
    [config, device, separators, commands, trx, local_trx_id, cashier, api],
  );
  // The same element while the authorization does not change: a re-render of this component
  // (the session's view) reaches the frame only through the context value.
  const frame = useMemo(() => <PosFrame authorization={authorization} />, [authorization]);

  return (
    <PosProvider value={value}>
      <OpenTrxProvider value={read?.open}>
        <BookingsProvider value={bookings}>{frame}</BookingsProvider>
        <CompletionPrint hooks={receiptHooks} />
      </OpenTrxProvider>
    </PosProvider>
  );
}

export function PosPage() {
  const { view } = useSession();
  // The session keeps the configuration loose; the cashier reads it through the domain's schema.
  const { config, configError } = useSessionConfig();
  useEffect(() => {
    if (configError) console.error(configError);
  }, [configError]);
  if (!config)
    return (
      <Center h="100dvh">
        <Loader />
      </Center>
    );
  // The machine reads the display mode once (TABLET redirect): the device row may load after the
  // first render, so a change restarts the page's machine (no transaction is lost: it is stored).
  return <LivePos key={view.device.displayMode} config={config} />;
}
