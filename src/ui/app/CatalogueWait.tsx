// What a screen that reads the catalogue shows before the outlet's catalogue is stored (issue 28): the
// configuration's catalogue is written after Home shows, so a screen opened at once waits for it visibly.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { CATALOGUE_TEXTS } from '../../domain/texts/storage';
import type { CatalogueStatus } from './use-stored-catalogue';

export function CatalogueWait({ status, h }: { status: CatalogueStatus; h?: string }) {
  if (status === 'failed') {
    return (
      <Center h={h} py="xl">
        <Text role="alert">{CATALOGUE_TEXTS.failed}</Text>
      </Center>
    );
  }
  return (
    <Center h={h} py="xl">
      <Stack align="center" gap="xs" role="status">
        <Loader aria-hidden />
        {status === 'loading' && <Text>{CATALOGUE_TEXTS.loading}</Text>}
      </Stack>
    </Center>
  );
}
