// What both transfer screens share: the inventory client, the signed-in user's config, the quantity
// format, and the submit's notice.
import { Alert } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { createInventoryApi } from '../../../api/inventory';
import { formatQty } from '../../../domain';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session-context';
import { useSessionConfig } from '../../app/use-session-config';
import type { InventoryNotice } from '../inventory/useInventorySubmit';

export function useTransferContext() {
  const { client } = useServices();
  const { view } = useSession();
  const api = useMemo(() => createInventoryApi(client), [client]);
  const { config } = useSessionConfig();
  const { decimalSeparator, thousandSeparator } = view.device;
  const qtyText = useMemo(() => {
    const decimals = Math.max(2, Number(config?.qty_decimal_length ?? 0));
    return (qty: number) => formatQty(qty, decimals, { decimalSeparator, thousandSeparator });
  }, [config?.qty_decimal_length, decimalSeparator, thousandSeparator]);
  return { api, config, qtyText };
}

/**
 * A native fieldset that disables every control inside while a submit is in flight or its outcome is
 * unknown: pressing the button again then resends exactly the body the server may already hold.
 */
export function Frozen({ frozen, children }: { frozen: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={frozen} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' }}>
        {children}
      </div>
    </fieldset>
  );
}
