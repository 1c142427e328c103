// The kinds and previews a later issue builds (top-up, membership, receivable forms, Redeem, Kupon)
// answer with one small dialog instead of a dead button.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export const NOT_AVAILABLE = 'Belum tersedia';

export function showNotAvailable(feature: string) {
  modals.open({
    title: feature,
    centered: true,
    children: <Text>{NOT_AVAILABLE}</Text>,
  });
}
