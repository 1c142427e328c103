// A signature of the consent and discharge forms (001 §2.10, §9): 'Digital Signature' opens the 'Signature Pad'
// modal (canvas 500×200, black pen, signature_pad) with 'Save Signature' and 'Clear Signature'; a blank pad is
// refused; the signature is kept as a PNG data URL.
import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { isBlankSignature } from '../../../domain/emr-records';
import { EMR_RECORDS_OWN as O, EMR_RECORDS_TEXTS as T } from '../../../domain/texts/emr-records';

export const SIGNATURE_CANVAS = { width: 500, height: 200 } as const;

export function SignatureField({
  label,
  value,
  onChange,
  name,
}: {
  label: string;
  value: string;
  onChange: (dataUrl: string) => void;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4} data-testid={`signature-${name}`}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value ? (
        <Image src={value} alt={label} w={250} h={100} fit="contain" bd="1px solid gray.4" />
      ) : (
        <Text size="sm" c="dimmed">
          {O.unsigned}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {T.digitalSignature}
        </Button>
      </Group>
      <SignaturePadModal
        opened={open}
        onClose={() => setOpen(false)}
        onSave={(url) => {
          onChange(url);
          setOpen(false);
        }}
      />
    </Stack>
  );
}

function SignaturePadModal({
  opened,
  onClose,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  onSave: (dataUrl: string) => void;
}) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [blank, setBlank] = useState(false);

  // the pad lives while the modal is open (the canvas is mounted then)
  const attach = (el: HTMLCanvasElement | null) => {
    canvas.current = el;
    if (el && !pad.current)
      pad.current = new SignaturePad(el, { penColor: 'black', backgroundColor: 'white' });
  };
  useEffect(() => {
    if (!opened) {
      pad.current?.off();
      pad.current = null;
      setBlank(false);
    }
  }, [opened]);

  const save = () => {
    const p = pad.current;
    if (!p || p.isEmpty() || isBlankSignature(p.toData())) {
      setBlank(true);
      return;
    }
    onSave(p.toDataURL('image/png'));
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={T.signaturePad}
      closeOnClickOutside={false}
      size="auto"
      lockScroll={false}
    >
      <Stack>
        <canvas
          ref={attach}
          width={SIGNATURE_CANVAS.width}
          height={SIGNATURE_CANVAS.height}
          data-testid="signature-canvas"
          aria-label={T.signaturePad}
          style={{ border: '1px solid #adb5bd', maxWidth: '100%', touchAction: 'none', background: 'white' }}
        />
        {blank && (
          <Text c="red" size="sm" role="alert">
            {O.signatureBlank}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              pad.current?.clear();
              setBlank(false);
            }}
          >
            {T.clearSignature}
          </Button>
          <Button onClick={save}>{T.saveSignature}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
