// 'Tambah Barang' on every inventory entry screen (issue 23 item 17): the shared ItemPicker at a location,
// the screen's own figures and inputs for the picked variant, the entry's refusal, and 'Masukkan ke dalam
// Daftar'.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ItemPicker, type ItemPickerProps } from '../ItemPicker';

export function AddItemPanel({
  title,
  picker,
  remountPicker = false,
  children,
  error,
  errorTestId,
  addLabel,
  onAdd,
  addDisabled = false,
  addTestId,
  hint,
}: {
  title: string;
  picker: ItemPickerProps;
  /** A new picker (not only a cleared one) after each reset. */
  remountPicker?: boolean;
  /** The picked variant's figures and inputs. */
  children?: ReactNode;
  error: string | null;
  errorTestId: string;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  addTestId: string;
  /** Why nothing can be added yet, shown beside the button and describing it. */
  hint?: { id: string; text: string; testId: string } | null;
}) {
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <ItemPicker key={remountPicker ? picker.resetKey : undefined} {...picker} />
        {children}
        {error && (
          <Alert color="red" role="alert" data-testid={errorTestId}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" wrap="nowrap" align="center">
          {hint && (
            <Text size="sm" c="dimmed" id={hint.id} data-testid={hint.testId}>
              {hint.text}
            </Text>
          )}
          <Button
            variant="light"
            onClick={onAdd}
            disabled={addDisabled}
            aria-describedby={hint ? hint.id : undefined}
            data-testid={addTestId}
          >
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
