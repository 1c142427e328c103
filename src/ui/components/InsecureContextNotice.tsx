// A page opened over plain http on the LAN (not localhost) is no secure context: the browser gives it no
// offline worker (nor Web Locks, the storage manager or the camera), so the till cannot open or reload
// Serambi while the server is out of reach. This says so, on the sign-in page, every page of the layout and
// the cashier (issue 23 item 10). Plain elements: it sits in the sign-in page's chunk.
import type { CSSProperties } from 'react';
import { SECURE_CONTEXT_TEXTS as T } from '../../domain/texts/secure-context';

/** false only where the browser says the page is not a secure context (an old browser without the flag: no notice). */
export const isInsecureContext = (scope: { isSecureContext?: boolean } | undefined = globalThis): boolean =>
  scope?.isSecureContext === false;

const box: CSSProperties = {
  border: '1px solid var(--mantine-color-yellow-6)',
  background: 'var(--mantine-color-yellow-0)',
  color: 'var(--mantine-color-black)',
  borderRadius: 'var(--mantine-radius-md)',
  padding: '8px 12px',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 1.4,
};

export function InsecureContextNotice({ style }: { style?: CSSProperties }) {
  if (!isInsecureContext()) return null;
  return (
    <div role="status" data-testid="insecure-context-notice" style={{ ...box, ...style }}>
      <strong>{T.title}.</strong> {T.body}
    </div>
  );
}
