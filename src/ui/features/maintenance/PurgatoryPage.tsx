// /purgatory (002 §2.22): no sign-in; "Clearing Storage..", clear everything, after 1 s to /sign-in. Issue 15:
// first the device's event log goes to the server when it can; when it cannot, the page says so (and waits
// longer before leaving, so it can be read).
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { defaultBaseUrl } from '../../../api/http';
import { useOptionalServices } from '../../app/services';
import { browserScope, clearBrowserStorage } from './clear-storage';
import { type PurgatoryUpload, purgatoryUploadMessage, uploadBeforePurge } from './purgatory-upload';

export const PURGATORY_REDIRECT_MS = 1000;
/** When the log could not be uploaded: time to read why before the page leaves. */
export const PURGATORY_NOTICE_MS = 5000;

export function PurgatoryPage({
  onCleared,
  upload,
}: {
  onCleared?: () => Promise<void> | void;
  /** The log's upload before the clear (tests replace it). Default: the app's event store, its stored session. */
  upload?: () => Promise<PurgatoryUpload>;
}) {
  const services = useOptionalServices();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const uploaded = upload
        ? await upload().catch((): PurgatoryUpload => ({ status: 'failed', pending: 0, reason: 'error' }))
        : services
          ? await uploadBeforePurge(services.store.db, { baseUrl: defaultBaseUrl() })
          : ({ status: 'nothing' } as const);
      const message = purgatoryUploadMessage(uploaded);
      if (!cancelled && message) setNotice(message);
      // The event store closes its database first so the delete is not blocked.
      await onCleared?.();
      await clearBrowserStorage(browserScope());
      await new Promise((r) => setTimeout(r, message ? PURGATORY_NOTICE_MS : PURGATORY_REDIRECT_MS));
      // A full load, not a client-side navigation: nothing of the old session stays in memory.
      if (!cancelled) window.location.replace('/sign-in');
    })();
    return () => {
      cancelled = true;
    };
  }, [onCleared, upload, services]);
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Loader />
        <Text>Clearing Storage..</Text>
        {notice && (
          <Text role="alert" fw={600} maw={480} ta="center" data-testid="purgatory-upload-failed">
            {notice}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
