// The coupon banner of step 2 (000 §2 right panel): coupon_name and 'hapus', which removes the coupon and the
// lines added through it (commands.removeCoupon).
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { usePos } from '../context';

export const COUPON_BANNER_TITLE = 'Kupon';
export const COUPON_REMOVE_LABEL = 'hapus';

export function CouponBanner({ name }: { name: string }) {
  const { trx, commands, notify } = usePos();
  const remove = async () => {
    if (!trx) return;
    const r = await commands.removeCoupon({ local_trx_id: trx.local_trx_id });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <Alert color="orange" variant="light" title={COUPON_BANNER_TITLE} data-testid="coupon-banner">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{name}</Text>
        <Anchor component="button" type="button" size="sm" c="red.9" onClick={remove}>
          {COUPON_REMOVE_LABEL}
        </Anchor>
      </Group>
    </Alert>
  );
}
