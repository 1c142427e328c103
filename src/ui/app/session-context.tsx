// What screens read about the session and the commands they send. The live provider
// (session-provider.tsx) backs it with the session statechart and the event store; tests and
// screenshots may back it with fixed values.
import { createContext, type ReactNode, useContext } from 'react';
import type { ShellUserData } from './user-data';

export type DisplayMode = 'DESKTOP' | 'TABLET';
export type PaperSize = '8cm' | '6cm';

export interface DeviceSettings {
  displayMode: DisplayMode;
  printerPaperSize: PaperSize;
  decimalSeparator: string;
  thousandSeparator: string;
  /** Issue 29: 'browser' (the print dialog, the default) or a direct ESC/POS printer. */
  printerKind?: 'browser' | 'usb' | 'serial' | 'bluetooth';
  printerCodepage?: string;
  /** The paired printer's key ('' none). */
  printerDevice?: string;
  /** Open the cash drawer when a sale with a cash payment completes. */
  cashDrawer?: boolean;
}

export const DEFAULT_DEVICE: DeviceSettings = {
  displayMode: 'DESKTOP',
  printerPaperSize: '8cm',
  decimalSeparator: '.',
  thousandSeparator: ',',
  printerKind: 'browser',
  printerCodepage: 'auto',
  printerDevice: '',
  cashDrawer: false,
};

export interface SessionView {
  /** False until the local records have been read once (avoids a flash of /sign-in). */
  ready: boolean;
  authenticated: boolean;
  userData: ShellUserData | null;
  pendingSignOut: boolean;
  hasActiveShift: boolean;
  /** Ruling 25: is_inventory_required = 1 and this device has not recorded the consumption yet. */
  consumptionDue?: boolean;
  device: DeviceSettings;
  /** A statechart step is running (sign-in, outlet load, reload, switch, sign-out). */
  busy:
    | 'signIn'
    | 'chooseOutlet'
    | 'reloadConfig'
    | 'switchAccount'
    | 'signOut'
    | 'forgotPassword'
    | 'resetPassword'
    | null;
}

export interface SessionCommands {
  signIn(email: string, password: string): void;
  forgotPassword(email: string): void;
  /** The forgot-password e-mail's link: the new password, typed twice. */
  resetPassword(reset_token: string, password: string, password_confirmation: string): void;
  chooseOutlet(outletId: number): void;
  reloadConfig(): void;
  switchAccount(email: string, password: string): void;
  signOut(): void;
  /** Guard step 4: a pending sign-out flag was found. */
  resumeSignOut(): void;
  changeDevice(patch: Partial<DeviceSettings>): void;
}

export interface SessionContextValue {
  view: SessionView;
  commands: SessionCommands;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionContextProvider({
  value,
  children,
}: {
  value: SessionContextValue;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside its provider');
  return value;
}
