// Step 2's left side for a membership sale (000 §2 'Aktifkan / Perpanjang Membership'): the customer message,
// the 'Pilih membership' grid (membership_image, membership_name) whose choice sets membership_item and the
// synthetic line, and the 'Seller' select when is_pos_commission_seller_membership_sales = 1.
import {
  Alert,
  Avatar,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  formatCurrency,
  membershipPrice,
  membershipSellerMode,
  type PosTransaction,
  sellableMemberships,
} from '../../../../domain';
import { MEMBERSHIP_TEXTS as T } from '../../../../domain/texts';
import { usePos } from '../context';
import { LineSellers } from './LineSellers';

/** The form of a membership sale (000 §2 step 2). */
export function MembershipForm({ trx }: { trx: PosTransaction }) {
  const { config, commands, notify, separators } = usePos();
  const memberships = sellableMemberships(config);
  const chosen = trx.membership_item?.business_membership_id;
  const choose = async (id: number) => {
    const r = await commands.chooseMembership({ local_trx_id: trx.local_trx_id, business_membership_id: id });
    if (!r.ok) notify('error', r.message);
  };
  return (
    <Paper withBorder radius="md" h="100%" p="md" data-testid="membership-form">
      <ScrollArea h="100%" type="auto">
        <Stack gap="md">
          <Title order={2} size="h3">
            {T.title}
          </Title>
          {!trx.customer ? (
            <Alert color="yellow" variant="light" data-testid="special-customer-message">
              {T.customerMissing}
            </Alert>
          ) : (
            <>
              <Text fw={600} id="membership-choose-label">
                {T.choose}
              </Text>
              <SimpleGrid
                cols={{ base: 1, xs: 2, md: 3 }}
                spacing="sm"
                role="group"
                aria-labelledby="membership-choose-label"
                data-testid="membership-options"
              >
                {memberships.map((m) => {
                  const selected = Number(chosen) === Number(m.business_membership_id);
                  return (
                    <UnstyledButton
                      key={m.business_membership_id}
                      aria-pressed={selected}
                      onClick={() => void choose(Number(m.business_membership_id))}
                      data-testid={`membership-${m.business_membership_id}`}
                    >
                      <Paper
                        withBorder
                        radius="md"
                        p="md"
                        style={{
                          borderColor: selected ? 'var(--mantine-color-teal-7)' : undefined,
                          borderWidth: selected ? 2 : 1,
                          background: selected ? 'var(--mantine-color-teal-0)' : undefined,
                        }}
                      >
                        <Group wrap="nowrap" gap="sm">
                          <Avatar src={m.membership_image || null} alt="" radius="md" size="lg" color="teal">
                            {m.membership_name.slice(0, 2).toUpperCase()}
                          </Avatar>
                          <Stack gap={2}>
                            <Text fw={700}>{m.membership_name}</Text>
                            <Text size="sm" c="dark.6">
                              {formatCurrency(membershipPrice(m), config.currency_code, separators)}
                            </Text>
                          </Stack>
                        </Group>
                      </Paper>
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
              <LineSellers
                trx={trx}
                mode={membershipSellerMode(config)}
                label={T.seller}
                setSellers={commands.setMembershipSellers}
              />
            </>
          )}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
