// Which item dialog is open: a tile, an SKU hit or a cart row opens it; <ItemModal/> (mounted once
// by the frame) renders it. One small external store per page, read with useSyncExternalStore.
import { useSyncExternalStore } from 'react';
import type { TrxDetail } from '../../../../domain';
import type { ItemModalTarget } from './form';

export type ItemDialog =
  | { kind: 'item'; target: ItemModalTarget }
  /** 'Produk Custom': a new custom line, or a cart row with is_custom = 1. */
  | { kind: 'custom'; line?: TrxDetail | null }
  | null;

export interface ItemModalStore {
  get(): ItemDialog;
  subscribe(listener: () => void): () => void;
  open(target: ItemModalTarget): void;
  openCustom(line?: TrxDetail | null): void;
  close(): void;
}

export function createItemModalStore(): ItemModalStore {
  let current: ItemDialog = null;
  const listeners = new Set<() => void>();
  const set = (next: ItemDialog) => {
    current = next;
    for (const l of listeners) l();
  };
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (target) => set({ kind: 'item', target }),
    openCustom: (line = null) => set({ kind: 'custom', line }),
    close: () => set(null),
  };
}

// The cashier page has one item dialog at a time; the catalogue, the cart and the modal share it.
const pageStore = createItemModalStore();

export interface UseItemModal {
  dialog: ItemDialog;
  open: ItemModalStore['open'];
  openCustom: ItemModalStore['openCustom'];
  close: ItemModalStore['close'];
}

/**
 * Opening and closing without reading which dialog is open: the catalogue and the cart use this,
 * so a dialog opening or closing does not re-render them (the functions are stable).
 */
export function itemModalActions(store: ItemModalStore = pageStore): Omit<UseItemModal, 'dialog'> {
  return { open: store.open, openCustom: store.openCustom, close: store.close };
}

export function useItemModal(store: ItemModalStore = pageStore): UseItemModal {
  const dialog = useSyncExternalStore(store.subscribe, store.get, store.get);
  return { dialog, open: store.open, openCustom: store.openCustom, close: store.close };
}
