// What the catalogue, the cart and the item dialogs need from the cashier page. The live page
// fills it from usePos() (../ports-live.tsx); previews and benches pass their own.
import type { ReactNode } from 'react';
import type { Now, PosConfig, PosTransaction, Separators, ServiceArea } from '../../../../domain';
import type { Authorization, CashierCommands } from '../../../../projections/commands';

export type AuthorizationKind = 'qty-reduction' | 'deletion';

export interface PosPorts {
  config: PosConfig;
  isTablet: boolean;
  separators: Separators;
  /** The transaction on screen (the read model), or null. */
  trx: PosTransaction | null;
  commands: Pick<
    CashierCommands,
    | 'addItem'
    | 'editLine'
    | 'setLineWorkers'
    | 'removeLine'
    | 'addCustomItem'
    | 'removeGlobalDiscount'
    | 'removeMemberDiscount'
    | 'pending'
  >;
  notify: (kind: 'success' | 'error' | 'warning' | 'info', message: string) => void;
  confirm: (options: { title: string; message?: string }) => Promise<boolean>;
  /**
   * Opens 'Otorisasi Pengubahan Qty Item' (qty-reduction) or 'Otorisasi Hapus Item' (deletion);
   * resolves with the verified authorization, or null when cancelled.
   */
  authorize: (kind: AuthorizationKind) => Promise<Authorization | null>;
  /** The service-area selector (with '(OCCUPIED)' marks and 'Lainnya'). */
  serviceArea?: (
    value: ServiceArea | null,
    onChange: (area: ServiceArea | null) => void,
    label?: string,
  ) => ReactNode;
  /** 'Available' / 'Booked - {time}' / 'Working' for a worker id. */
  workerStatus?: (workerId: number) => string;
  /** Host that prefixes relative tile images. */
  host: string;
  now: () => Now;
}

/** Lines can be changed only on an open (pending or appointment) transaction. */
export const linesEditable = (trx: Pick<PosTransaction, 'trx_status_id'> | null): boolean =>
  !!trx && (trx.trx_status_id === 1 || trx.trx_status_id === 2);
