// One medical sub-record tab (001 §2.10): the create button, the history table with Lihat / Ubah / Hapus
// (confirm 'Yakin ingin menghapus?' / 'Data akan dihapus'), and the add / edit / view modal that clicking
// outside does not close; in view mode every input and the OK button are disabled.
import { Button, Fieldset, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';
import { confirm } from '../../components/feedback';

export type ModalMode = 'add' | 'edit' | 'view';

export interface FormProps<I> {
  value: I;
  onChange: (next: I) => void;
  mode: ModalMode;
}

export interface RecordTabProps<I> {
  /** a test id stem, e.g. 'screening' */
  name: string;
  title: string;
  createLabel: string;
  items: readonly I[];
  columns: { header: string; cell: (item: I) => ReactNode }[];
  modalSize: '75%' | '90%';
  keyOf: (item: I) => string;
  blank: () => I;
  /** the item as edited: its updatedAt set */
  stampEdit: (item: I) => I;
  Form: (props: FormProps<I>) => ReactNode;
  /** the whole list to store; resolves true when the server kept it */
  save: (items: I[]) => Promise<boolean>;
  /** body map: no OK button in view mode (its text would be 'Tutup') */
  hideOkInView?: boolean;
  busy: boolean;
}

export function RecordTab<I>(props: RecordTabProps<I>) {
  const { items, keyOf } = props;
  const [mode, setMode] = useState<ModalMode | null>(null);
  const [draft, setDraft] = useState<I | null>(null);

  const open = (m: ModalMode, item: I) => {
    setDraft(item);
    setMode(m);
  };
  const close = () => {
    setMode(null);
    setDraft(null);
  };
  const submit = async () => {
    if (!draft || mode === 'view' || mode === null) return;
    const next =
      mode === 'add'
        ? [...items, draft]
        : items.map((i) => (keyOf(i) === keyOf(draft) ? props.stampEdit(draft) : i));
    if (await props.save(next)) close();
  };
  const remove = async (item: I) => {
    const ok = await confirm({
      title: T.confirmTitle,
      message: T.confirmBody,
      confirmLabel: T.remove,
      cancelLabel: T.cancel,
      danger: true,
    });
    if (ok) await props.save(items.filter((i) => keyOf(i) !== keyOf(item)));
  };
  const okLabel = mode === 'add' ? T.save : mode === 'edit' ? T.update : T.close;
  const Form = props.Form;

  return (
    <Stack gap="sm" data-testid={`emr-${props.name}`}>
      <Group>
        <Button onClick={() => open('add', props.blank())} disabled={props.busy}>
          {props.createLabel}
        </Button>
      </Group>
      <ScrollArea>
        <Table striped withTableBorder miw={520}>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
              <Table.Th>{O.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length + 1}>
                  <Text c="dimmed" size="sm">
                    {O.noRows}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              items.map((item) => (
                <Table.Tr key={keyOf(item)} data-testid={`emr-${props.name}-row`}>
                  {props.columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => open('view', item)}>
                        {T.view}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => open('edit', item)}
                        disabled={props.busy}
                      >
                        {T.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => void remove(item)}
                        disabled={props.busy}
                      >
                        {T.remove}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Modal
        opened={mode !== null && draft !== null}
        onClose={close}
        closeOnClickOutside={false}
        size={props.modalSize}
        title={props.title}
        lockScroll={false}
      >
        {draft !== null && mode !== null && (
          <Stack>
            <Fieldset variant="unstyled" disabled={mode === 'view'}>
              <Form value={draft} onChange={setDraft} mode={mode} />
            </Fieldset>
            <Group justify="flex-end">
              {!(mode === 'view' && props.hideOkInView) && (
                <Button
                  data-testid="emr-ok"
                  onClick={() => void submit()}
                  disabled={mode === 'view'}
                  loading={props.busy}
                >
                  {okLabel}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
