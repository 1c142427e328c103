import type { ReactNode } from 'react';

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
