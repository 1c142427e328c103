// The reward items to pick from (001 §2.5, 000 §2 redeem dialog): a card a reward with its image, name, points
// and reward name; the 'no items' text when there are none. Shared by the cashier's redeem dialog and the SMS
// redemption page.
import { Card, Image, SimpleGrid, Text } from '@mantine/core';
import type { RewardLike } from '../../../../domain/redeem';
import { REDEEM_TEXTS } from '../../../../domain/texts/redeem';

export function RewardGrid({
  rewards,
  onPick,
  testId,
}: {
  rewards: readonly RewardLike[];
  onPick: (r: RewardLike) => void;
  testId: string;
}) {
  if (rewards.length === 0) return <Text c="dimmed">{REDEEM_TEXTS.noItems}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid={testId}>
      {rewards.map((r) => (
        <Card
          key={r.reward_redemption_item_id}
          withBorder
          padding="sm"
          component="button"
          type="button"
          onClick={() => onPick(r)}
          style={{ cursor: 'pointer', textAlign: 'left' }}
        >
          {r.image_url ? (
            <Image src={r.image_url} alt={r.item_name} h={96} fit="cover" radius="sm" mb={6} />
          ) : null}
          <Text fw={600}>{r.item_name}</Text>
          <Text size="sm">
            {r.point_amount} {r.reward_name ?? ''}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
