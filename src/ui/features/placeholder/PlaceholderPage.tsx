// Screens that later issues build: their title and "Belum tersedia" until then.
import { Alert, Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { isOn } from '../../../domain';
import { SHIFT_REQUIRED_NOTICE } from '../../app/guard';
import { useSession } from '../../app/session-context';

export const NOT_YET = 'Belum tersedia';

export function PlaceholderPage({ title, path }: { title: string; path: string }) {
  const { view } = useSession();
  // The guard sends here when a shift must be started first (000 §2 step 3).
  const shiftNotice =
    path === '/shift-management' && isOn(view.userData?.pos_shift_enforced) && !view.hasActiveShift;
  return (
    <Stack gap="md" p={0}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {shiftNotice && (
        <Alert color="orange" data-testid="shift-notice">
          {SHIFT_REQUIRED_NOTICE}
        </Alert>
      )}
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">{NOT_YET}</Text>
      </Paper>
    </Stack>
  );
}

/** A path outside the route table. */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Title order={1} size="h2">
          404
        </Title>
        <Anchor component={Link} href="/">
          Home
        </Anchor>
      </Stack>
    </Center>
  );
}
