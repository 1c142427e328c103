// The item modal view's props: their own module so ItemModalView and MoreFields (its lower fields) both read
// them without importing each other.
import type { ReactNode } from 'react';
import type {
  CommissionWorker,
  PosConfig,
  PosItem,
  PosItemDiscount,
  Separators,
  ServiceArea,
} from '../../../../domain';
import type { ItemForm, ItemSections } from './form';
import type { WorkerLabel } from './WorkerFields';

export type ServiceAreaRenderer = (
  value: ServiceArea | null,
  onChange: (area: ServiceArea | null) => void,
) => ReactNode;

/** A boolean that its readers subscribe to (useSyncExternalStore). */
export interface BusySignal {
  get(): boolean;
  set(on: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createBusySignal(): BusySignal {
  let on = false;
  const listeners = new Set<() => void>();
  return {
    get: () => on,
    set(next) {
      if (next === on) return;
      on = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface ItemModalViewProps {
  opened: boolean;
  onClose: () => void;
  /** May resolve true when the modal closes (the line was added or edited). */
  onSubmit: () => Promise<boolean> | undefined;
  busy?: boolean;
  /**
   * The spinner of a slow command, read by the submit button alone (issue 28: turning it on does
   * not re-render the form while the command runs). Shown when either this or `busy` is on.
   */
  busySignal?: BusySignal;
  item: PosItem;
  form: ItemForm;
  setForm: (form: ItemForm) => void;
  sections: ItemSections;
  promos: readonly PosItemDiscount[];
  config: PosConfig;
  separators?: Separators;
  isTablet: boolean;
  isEditing: boolean;
  workers: readonly CommissionWorker[];
  workerStatus?: WorkerLabel;
  tagOptions: { value: string; label: string }[];
  serviceArea?: ServiceAreaRenderer;
  /** Coupon sales: 'Coupon Start Date' when a coupon has coupon_start_date_type MANUAL_INPUT. */
  couponStartDate?: { show: boolean; appliesTo?: string | null };
  onError: (message: string) => void;
  /** item_max_qty of the redeem or coupon this line belongs to: the plus button stops there. */
  itemMaxQty?: number | null;
  /** Issue 10: only the worker fields (a line the Selesai worker check named); the rest stays as it is. */
  workersOnly?: boolean;
}
