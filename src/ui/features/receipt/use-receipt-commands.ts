// The cashier commands the receipt pages write through (printing marks, post-edit records), or null
// while the configuration is not loaded.
import { useMemo } from 'react';
import type { PosConfig } from '../../../domain';
import { type CashierCommands, createCashierCommands } from '../../../projections/commands';
import { useServices } from '../../app/services';

export function useReceiptCommands(posConfig: PosConfig | null | undefined): CashierCommands | null {
  const { store } = useServices();
  return useMemo(
    () =>
      posConfig
        ? createCashierCommands({
            store,
            getConfig: () => posConfig,
            actor: () => posConfig.business_user_id ?? 'device',
          })
        : null,
    [store, posConfig],
  );
}
