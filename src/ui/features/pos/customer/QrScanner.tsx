// A camera QR scanner (html5-qrcode). The library loads on first use so the cashier bundle does
// not carry it until a camera is needed. Scanner errors show the scanner's message (003 §8). It decodes with
// the browser's BarcodeDetector where there is one and with its bundled ZXing otherwise (Chromium on Linux,
// Firefox), proven in test/e2e/customer-search.spec.ts with a fake camera. A page opened over plain http has
// no camera API at all: the scanner says that the camera needs https instead of the library's English error.
import { Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { SECURE_CONTEXT_TEXTS } from '../../../../domain/texts/secure-context';
import { isInsecureContext } from '../../../components/InsecureContextNotice';

/** 003 §9: the QR scanner ignores repeats for 3000 ms after a read. */
export const QR_SCANNER_DELAY_MS = 3000;

/** Whether this browser can ask for a camera at all (a plain-http till or a browser without one cannot). */
export const cameraAvailable = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

export function QrScanner({
  onScan,
  size = 260,
  hideWithoutCamera = false,
}: {
  onScan: (code: string) => void;
  size?: number;
  /** render nothing (no empty box, no message) when there is no camera or it was refused */
  hideWithoutCamera?: boolean;
}) {
  const id = `qr-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [error, setError] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  // over plain http the browser gives no camera: nothing to load, the typed code only
  const needsHttps = !cameraAvailable() && isInsecureContext();

  useEffect(() => {
    if (needsHttps) return;
    let stopped = false;
    let lastAt = 0;
    let scanner: { stop(): Promise<void>; clear(): void; isScanning?: boolean } | null = null;
    void import('html5-qrcode')
      .then(async ({ Html5Qrcode }) => {
        if (stopped) return;
        const s = new Html5Qrcode(id, false);
        scanner = s;
        await s.start(
          { facingMode: 'environment' },
          { fps: 10, qrbox: Math.round(size * 0.8) },
          (text) => {
            const at = Date.now();
            if (at - lastAt < QR_SCANNER_DELAY_MS) return;
            lastAt = at;
            onScanRef.current(text);
          },
          undefined,
        );
        if (stopped) await s.stop().catch(() => undefined);
      })
      .catch((e: unknown) => {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      stopped = true;
      const s = scanner;
      if (s?.isScanning)
        void s.stop().then(
          () => s.clear(),
          () => undefined,
        );
    };
  }, [id, size, needsHttps]);

  if (hideWithoutCamera && (error !== null || !cameraAvailable())) return null;
  if (needsHttps)
    return (
      <Text data-testid="qr-scanner" size="sm" ta="center">
        {SECURE_CONTEXT_TEXTS.camera}
      </Text>
    );
  return (
    <div data-testid="qr-scanner">
      <div
        id={id}
        // no height of its own: the camera's picture gives the box its room once it runs (never an empty box
        // while it starts or when it cannot, nor a gap under a 4:3 picture)
        style={{ width: size, maxWidth: '100%', margin: '0 auto' }}
      />
      {error && (
        <Text c="red" size="sm" ta="center">
          {error}
        </Text>
      )}
    </div>
  );
}
