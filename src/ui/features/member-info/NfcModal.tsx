// The NFC card of a member (001 §2.7, §4, §5): 'Daftar Baru' / 'Ubah': Password (and Ref ID when required) →
// 'Scan Kartu' → scan → submit; 'Test': scan → validate. The reader is a keyboard wedge: it types the card's
// code into the focused field and presses Enter.
import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/http';
import type { MemberApi } from '../../../api/member';
import { validateNfcForm } from '../../../domain/member-info';
import { MEMBER_INFO_OWN as O, MEMBER_INFO_TEXTS as T } from '../../../domain/texts/member-info';
import { notify } from '../../components/feedback';

export interface NfcModalProps {
  api: MemberApi;
  mode: 'new' | 'change' | 'test';
  userId: string;
  withRefId: boolean;
  onClose: () => void;
  onDone: () => Promise<void> | void;
}

export function NfcModal({ api, mode, userId, withRefId, onClose, onDone }: NfcModalProps) {
  const [password, setPassword] = useState('');
  const [refId, setRefId] = useState('');
  const [scanning, setScanning] = useState(mode === 'test');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scanRef = useRef<HTMLInputElement>(null);

  // the reader types into the focused field: focus it once shown (after the modal's own focus trap)
  useEffect(() => {
    if (!scanning) return;
    const t = setTimeout(() => scanRef.current?.focus(), 50);
    return () => clearTimeout(t);
  }, [scanning]);

  const submit = async (scanned: string) => {
    setError(null);
    if (mode === 'test') {
      if (scanned.trim() === '') {
        setError(T.invalidNfc);
        return;
      }
    } else {
      const problem = validateNfcForm({ mode, code: scanned, password, ref_id: refId }, withRefId);
      if (problem) {
        setError(problem === 'invalidCard' ? T.invalidNfc : T.refIdRequired);
        return;
      }
    }
    setBusy(true);
    try {
      const message =
        mode === 'test'
          ? await api.checkNfc({ user_id: userId, nfc_security_code: scanned.trim() })
          : await api.setNfc(mode, {
              user_id: userId,
              nfc_security_code: scanned.trim(),
              password,
              ...(refId.trim() !== '' ? { reference_code: refId.trim() } : {}),
            });
      notify('success', message || (mode === 'test' ? T.nfcValid : T.nfcSet));
      await onDone();
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
      scanRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const title = mode === 'new' ? T.nfcNew : mode === 'change' ? T.nfcChange : T.nfcTest;
  return (
    <Modal opened onClose={onClose} title={`${O.nfcCard} - ${title}`} centered>
      <Stack gap="sm">
        {mode !== 'test' && (
          <>
            <PasswordInput
              label={T.password}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              disabled={scanning}
              data-autofocus
            />
            {mode === 'new' && withRefId && (
              <TextInput
                label={T.refId}
                value={refId}
                onChange={(e) => setRefId(e.currentTarget.value)}
                disabled={scanning}
              />
            )}
            {!scanning && (
              <Button
                onClick={() => {
                  const problem = validateNfcForm({ mode, code: 'x', password, ref_id: refId }, withRefId);
                  if (problem) {
                    setError(problem === 'invalidCard' ? T.invalidNfc : T.refIdRequired);
                    return;
                  }
                  setError(null);
                  setScanning(true);
                }}
              >
                {T.scanCard}
              </Button>
            )}
          </>
        )}
        {scanning && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit(code);
            }}
          >
            <Stack gap="xs">
              <Text size="sm">{O.scanWaiting}</Text>
              <TextInput
                ref={scanRef}
                data-autofocus
                label={T.scanCard}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                autoComplete="off"
                readOnly={busy}
              />
              <Button type="submit" loading={busy}>
                {mode === 'test' ? T.nfcTest : T.save}
              </Button>
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
