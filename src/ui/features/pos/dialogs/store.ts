// Which cashier dialog is open. Screens call useDialogs().openNotes() …; the modals (mounted once by
// the frame, or all at once with <PosDialogs/>) read it. Like the item modal: one small external
// store per page, read with useSyncExternalStore. `authorize` resolves with the verified
// authorization, or null when the cashier cancels.
import { useSyncExternalStore } from 'react';
import { AUTHORIZATION_TITLES } from '../../../../domain/texts/cashier';
import type { Authorization } from '../../../../projections/commands';
import type { AuthorizationKind } from './authorization';

export interface AuthorizationRequest {
  kind: AuthorizationKind;
  /** 'Otorisasi Hapus Transaksi' / 'Otorisasi Hapus Item' / 'Otorisasi Pengubahan Qty Item'. */
  title: string;
  resolve: (authorization: Authorization | null) => void;
}

export interface DialogsState {
  setCustomer: boolean;
  journal: boolean;
  notes: boolean;
  globalDiscount: boolean;
  /** The transaction whose stock-out is shown. */
  stockOut: string | null;
  authorization: AuthorizationRequest | null;
}

export const CLOSED: DialogsState = {
  setCustomer: false,
  journal: false,
  notes: false,
  globalDiscount: false,
  stockOut: null,
  authorization: null,
};

export interface DialogsStore {
  get(): DialogsState;
  subscribe(listener: () => void): () => void;
  openSetCustomer(): void;
  openJournal(): void;
  openNotes(): void;
  openGlobalDiscount(): void;
  openStockOut(local_trx_id: string): void;
  /** Opens the authorization modal; a pending request is cancelled (null) first. */
  authorize(request: { kind: AuthorizationKind; title?: string }): Promise<Authorization | null>;
  close(dialog: Exclude<keyof DialogsState, 'authorization'>): void;
  /** Settles the open authorization request and closes the modal. */
  settleAuthorization(authorization: Authorization | null): void;
  /**
   * is_user_id_required = 1: Set Customer opens by itself once per transaction (this page visit).
   * True the first time for a transaction (and opens the modal), false afterwards.
   */
  autoOpenSetCustomer(local_trx_id: string): boolean;
}

const defaultTitle = (kind: AuthorizationKind): string =>
  kind === 'qty-reduction' ? AUTHORIZATION_TITLES.changeQty : AUTHORIZATION_TITLES.deleteItem;

export function createDialogsStore(): DialogsStore {
  let state: DialogsState = CLOSED;
  const autoOpened = new Set<string>();
  const listeners = new Set<() => void>();
  const set = (patch: Partial<DialogsState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  const settleAuthorization = (authorization: Authorization | null) => {
    const pending = state.authorization;
    if (!pending) return;
    set({ authorization: null });
    pending.resolve(authorization);
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openSetCustomer: () => set({ setCustomer: true }),
    openJournal: () => set({ journal: true }),
    openNotes: () => set({ notes: true }),
    openGlobalDiscount: () => set({ globalDiscount: true }),
    openStockOut: (local_trx_id) => set({ stockOut: local_trx_id }),
    authorize({ kind, title }) {
      settleAuthorization(null);
      return new Promise((resolve) =>
        set({ authorization: { kind, title: title ?? defaultTitle(kind), resolve } }),
      );
    },
    close: (dialog) => set({ [dialog]: dialog === 'stockOut' ? null : false }),
    settleAuthorization,
    autoOpenSetCustomer(local_trx_id) {
      if (autoOpened.has(local_trx_id)) return false;
      autoOpened.add(local_trx_id);
      set({ setCustomer: true });
      return true;
    },
  };
}

// The cashier page shows one set of dialogs; every part of the page opens them through this store.
const pageStore = createDialogsStore();

export interface UseDialogs extends Omit<DialogsStore, 'get' | 'subscribe'> {
  state: DialogsState;
}

export function useDialogs(store: DialogsStore = pageStore): UseDialogs {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const { get: _get, subscribe: _subscribe, ...actions } = store;
  return { state, ...actions };
}
