// /choose-outlet (000 §2): the user's business_outlets (outlet_name, address); choosing loads its config.
import {
  Badge,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Redirect } from 'wouter';
import { useSession } from '../../app/session-context';
import type { BusinessOutletRef } from '../../app/user-data';

export function ChooseOutletPage() {
  const { view, commands } = useSession();
  if (!view.ready) return null;
  if (!view.authenticated) return <Redirect to="/sign-in" replace />;
  return (
    <OutletList
      outlets={view.userData?.business_outlets ?? []}
      currentOutletId={view.userData?.outlet_id ?? null}
      busy={view.busy === 'chooseOutlet'}
      onChoose={commands.chooseOutlet}
    />
  );
}

export function OutletList({
  outlets,
  currentOutletId,
  busy,
  onChoose,
}: {
  outlets: BusinessOutletRef[];
  currentOutletId: number | null;
  busy: boolean;
  onChoose: (outletId: number) => void;
}) {
  return (
    <Center component="main" mih="100vh" bg="gray.1" p="md">
      <Stack w="100%" maw={760} gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Pilih Outlet
          </Title>
          {busy && <Loader size="sm" />}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {outlets.map((outlet) => (
            <UnstyledButton
              key={outlet.business_outlet_id}
              disabled={busy}
              onClick={() => onChoose(outlet.business_outlet_id)}
              data-outlet={outlet.business_outlet_id}
            >
              <Card withBorder shadow="sm" radius="md" p="lg" mih={120}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700} size="lg">
                      {outlet.outlet_name}
                    </Text>
                    {outlet.business_outlet_id === currentOutletId && <Badge>Aktif</Badge>}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {outlet.outlet_address ?? outlet.address ?? '-'}
                  </Text>
                </Stack>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Center>
  );
}
