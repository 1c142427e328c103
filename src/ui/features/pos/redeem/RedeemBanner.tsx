// Step 2's redeem banner (000 §2): the redeem item's name and 'hapus', which removes the redeem and its lines;
// it also mounts the redeem dialog.
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { REDEEM_TEXTS as T } from '../../../../domain/texts/redeem';
import { usePos } from '../context';
import { RedeemDialogHost } from './RedeemDialog';

export function RedeemBanner() {
  const { trx, commands, notify } = usePos();
  const redeem = trx?.redeem;
  const name = redeem?.redeem_item?.item_name ?? redeem?.redeem_item?.reward_name;
  return (
    <>
      {trx && redeem && (
        <Alert color="grape" variant="light" title={T.title} data-testid="redeem-banner">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{name ?? '-'}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="red.8"
              data-testid="redeem-remove"
              onClick={async () => {
                const r = await commands.removeRedeem(trx.local_trx_id);
                if (!r.ok) notify('error', r.message);
              }}
            >
              {T.remove}
            </Anchor>
          </Group>
        </Alert>
      )}
      <RedeemDialogHost />
    </>
  );
}
