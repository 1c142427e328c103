// Whether the redeem dialog is open (one per cashier page): Step 2's 'Redeem' opens it.
import { useSyncExternalStore } from 'react';

let opened = false;
const listeners = new Set<() => void>();
const set = (v: boolean) => {
  opened = v;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const openRedeemDialog = () => set(true);
export const closeRedeemDialog = () => set(false);
export const useRedeemDialogOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => opened,
    () => opened,
  );
