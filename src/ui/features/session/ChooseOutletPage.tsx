// /choose-outlet (000 §2): the user's business_outlets (outlet_name, address); choosing loads its config.
import {
  Badge,
  Button,
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
      onSignOut={commands.signOut}
    />
  );
}

export function OutletList({
  outlets,
  currentOutletId,
  busy,
  onChoose,
  onSignOut,
}: {
  outlets: BusinessOutletRef[];
  currentOutletId: number | null;
  busy: boolean;
  onChoose: (outletId: number) => void;
  /** Ruling 24: a user who cannot or will not choose can always leave. */
  onSignOut?: () => void;
}) {
  return (
    <Center component="main" mih="100vh" bg="gray.1" p="md">
      <Stack w="100%" maw={760} gap="lg">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={1} size="h2">
              Pilih Outlet
            </Title>
            {busy && <Loader size="sm" />}
          </Group>
          {onSignOut && (
            <Button
              variant="subtle"
              color="red.8"
              size="md"
              onClick={onSignOut}
              data-testid="choose-outlet-sign-out"
            >
              Sign Out
            </Button>
          )}
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
