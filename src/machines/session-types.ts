import type { ConfigResponse } from '../api/contract';
import { STOCK_OUT_PATH, type UnblockTarget } from '../domain/sign-out';
import { parseServerDateTime } from '../domain/time-wall';

/** The user data / POS configuration the session holds (000 §3); tokens only after sign-in. */
export type SessionUser = ConfigResponse & { client_key?: string; login_token?: string };

export interface SignInCredentials {
  email: string;
  password: string;
}

/** What the device remembers between page loads (000 §3 "Other local records"). */
export interface StoredSession {
  user: SessionUser | null;
  pending_sign_in: boolean;
  pending_sign_out: boolean;
}

/** The local facts the sign-out rules of 000 §4 read. */
export interface SignOutFacts {
  has_done_inventory_consumption: boolean;
  has_active_shift: boolean;
  /** Transactions with trx_status_id 2. */
  open_trx_count: number;
}

export type NotifyKind = 'success' | 'error' | 'warning' | 'info';
export interface Notice {
  kind: NotifyKind;
  message: string;
  /** A screen that resolves what the notice reports (e.g. a blocked sign-out), offered as a link. */
  link?: NoticeLink;
}

export interface NoticeLink {
  href: string;
  label: string;
}

/**
 * Ruling 24 (no outlet traps a user): a blocked sign-out links to the screen that unblocks it.
 * The labels are ours (the spec names the screens, not the links).
 */
export const SIGN_OUT_UNBLOCK_LINKS = {
  stockOut: { href: STOCK_OUT_PATH, label: 'Buka Inventory - Stok Keluar' },
  endShift: { href: '/shift-management', label: 'Buka Shift Management' },
  pos: { href: '/pos', label: 'Buka Sistem Kasir' },
  // ruling 25: an enforced outlet opens the cashier during a shift only; the link says so
  startShift: { href: '/shift-management', label: 'Mulai Shift untuk menyelesaikan transaksi' },
} as const satisfies Record<UnblockTarget, NoticeLink>;

export interface ConfirmRequest {
  title: string;
  message: string;
}

/** 003 §9: retry and redirect delays (ms). */
export const SESSION_DELAYS = {
  signInRetry: 5000,
  signInConfirmRetry: 5000,
  signOutRetry: 5000,
  signOutRedirect: 3000,
  signOutRedirectResumed: 1000,
  forcedSignOutRedirect: 3000,
} as const;

/** 003 §9: the stale sign-in warning on Home. */
export const STALE_SIGN_IN_HOURS = 48;

/**
 * A configuration load replaces the user data but keeps the session's tokens and the sign-in time
 * (000 §7: "user data; signed_in_at kept").
 */
export function mergeConfig(user: SessionUser | null, config: ConfigResponse): SessionUser {
  if (!user) return config;
  return {
    ...config,
    client_key: user.client_key,
    login_token: user.login_token,
    signed_in_at: user.signed_in_at ?? config.signed_in_at,
  };
}

/**
 * Home's alert (003 §9): the sign-in is more than 48 hours before `now`. `signedInAt` is the server's
 * "YYYY-MM-DD HH:mm:ss" in WIB, read at that offset whatever the browser's time zone.
 */
export function isSignInStale(signedInAt: string | null | undefined, now: Date): boolean {
  if (!signedInAt) return false;
  const at = parseServerDateTime(signedInAt);
  if (Number.isNaN(at)) return false;
  return now.getTime() - at > STALE_SIGN_IN_HOURS * 3600_000;
}
