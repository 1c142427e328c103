// What every part of the cashier page (/pos) shares: the configuration, the device, the command
// layer, the transaction on screen and the cashier statechart. PosPage fills it from the live
// services; previews, benches and tests give a fixed value to <PosProvider value={…}>.
import { createContext, type ReactNode, useContext } from 'react';
import type { CustomerApi } from '../../../api/customer';
import type { PosApi } from '../../../api/pos';
import type { Now, PosConfig, PosTransaction, Separators } from '../../../domain';
import type { CashierEvent, CashierStep, CashierSubmission, PreviewKind } from '../../../machines/cashier';
import type { CashierCommands } from '../../../projections/commands';
import type { DeviceSettings } from '../../app/session-context';
import type { ConfirmOptions, NotifyKind } from '../../components/feedback';

export type { CashierCommands } from '../../../projections/commands';
export type { DeviceSettings } from '../../app/session-context';
export type { ConfirmOptions, NotifyKind } from '../../components/feedback';

/** The cashier statechart as the screens see it (PosPage runs it with useMachine). */
export interface PosCashier {
  step: CashierStep;
  /** A call or command of the machine is running: disable the machine's buttons. */
  busy: boolean;
  /** Status 1 on screen ("Appointment Sales" header, Checkout). */
  appointment: boolean;
  preview: PreviewKind | null;
  submission: CashierSubmission;
  /** The row a step 1 list action (void, archive, delete, download) concerns. */
  target_trx_id: string | null;
  send: (event: CashierEvent) => void;
}

export interface PosContextValue {
  /** The signed-in user data / POS configuration (000 §3), parsed by posConfigSchema. */
  config: PosConfig;
  /** Display mode (DESKTOP / TABLET), paper size and number separators of this device. */
  device: DeviceSettings;
  isTablet: boolean;
  separators: Separators;
  /** Every cashier action on a transaction goes through these (src/projections/commands). */
  commands: CashierCommands;
  /** The transaction on screen (the live read model), or null (step 1, or still loading). */
  trx: PosTransaction | null;
  local_trx_id: string | null;
  cashier: PosCashier;
  /** The server calls the cashier screens make (src/api), on the session's client. */
  api: { customer: CustomerApi; pos: PosApi };
  notify: (kind: NotifyKind, message: string, options?: { id?: string }) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** The clock (birthdays, worker status, document date). */
  now: () => Now;
  /** Host that prefixes relative image paths. */
  host: string;
}

const PosContext = createContext<PosContextValue | null>(null);

export function PosProvider({ value, children }: { value: PosContextValue; children: ReactNode }) {
  return <PosContext.Provider value={value}>{children}</PosContext.Provider>;
}

/** The cashier page's shared values; throws outside <PosProvider>. */
export function usePos(): PosContextValue {
  const value = useContext(PosContext);
  if (!value) throw new Error('usePos outside PosProvider');
  return value;
}

/** For components that also render outside the page (previews): null without a provider. */
export function usePosOptional(): PosContextValue | null {
  return useContext(PosContext);
}
