// 'Scan SKU': the camera reads a barcode into the SKU search (000 §2, a 300x300 scanner).
// html5-qrcode is loaded only when the modal opens, so the cashier page stays light.
import { Modal, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';

export interface SkuScanModalProps {
  opened: boolean;
  onClose: () => void;
  onScan: (code: string) => void;
}

export function SkuScanModal({ opened, onClose, onScan }: SkuScanModalProps) {
  const elementId = `sku-scan-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [error, setError] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!opened) return;
    let stopped = false;
    let scanner: { stop(): Promise<void>; isScanning: boolean } | null = null;
    setError(null);
    // Wait a frame so the modal's element exists.
    const timer = setTimeout(async () => {
      try {
        const { Html5Qrcode } = await import('html5-qrcode');
        if (stopped) return;
        const s = new Html5Qrcode(elementId, false);
        scanner = s;
        await s.start(
          { facingMode: 'environment' },
          { fps: 10, qrbox: { width: 250, height: 150 } },
          (text) => {
            if (stopped) return;
            stopped = true;
            void s.stop().catch(() => undefined);
            onScanRef.current(text);
          },
          () => undefined,
        );
        if (stopped && s.isScanning) await s.stop();
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      }
    }, 50);
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (scanner?.isScanning) void scanner.stop().catch(() => undefined);
    };
  }, [opened, elementId]);

  return (
    <Modal opened={opened} onClose={onClose} title="Scan SKU" centered size="auto">
      <div id={elementId} style={{ width: 300, height: 300, background: '#111' }} />
      {error ? (
        <Text c="red" size="sm" mt="xs" maw={300}>
          {error}
        </Text>
      ) : null}
    </Modal>
  );
}
