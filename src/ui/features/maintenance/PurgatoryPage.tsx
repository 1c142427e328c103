// /purgatory (002 §2.22): no sign-in; "Clearing Storage..", clear everything, after 1 s to /sign-in.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { browserScope, clearBrowserStorage } from './clear-storage';

export const PURGATORY_REDIRECT_MS = 1000;

export function PurgatoryPage({ onCleared }: { onCleared?: () => Promise<void> | void }) {
  useEffect(() => {
    let cancelled = false;
    (async () => {
      // The event store closes its database first so the delete is not blocked.
      await onCleared?.();
      await clearBrowserStorage(browserScope());
      await new Promise((r) => setTimeout(r, PURGATORY_REDIRECT_MS));
      // A full load, not a client-side navigation: nothing of the old session stays in memory.
      if (!cancelled) window.location.replace('/sign-in');
    })();
    return () => {
      cancelled = true;
    };
  }, [onCleared]);
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Loader />
        <Text>Clearing Storage..</Text>
      </Stack>
    </Center>
  );
}
