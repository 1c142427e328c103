// A fake rear camera for browser tests: navigator.mediaDevices.getUserMedia answers with a canvas stream that
// paints a picture (a generated QR code) on a grey desk, repainted ten times a second like a live camera.
// The app decodes the stream with what it ships (html5-qrcode); only the camera is fake.
import type { BrowserContext } from 'playwright-core';
import QRCode from 'qrcode';

const KEY = 'e2e-fake-camera';

/** Installs the fake camera in every page of the context; `showToCamera` picks what it films. */
export async function installFakeCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    const devices = navigator.mediaDevices;
    if (!devices) return; // a page that is no secure context has no camera API: leave it so
    devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      if (!constraints?.video) throw new DOMException('no fake microphone', 'NotFoundError');
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const g = canvas.getContext('2d');
      if (!g) throw new DOMException('no 2d context', 'NotReadableError');
      const img = new Image();
      let shown = '';
      const paint = () => {
        const url = localStorage.getItem(key) ?? '';
        if (url !== shown) {
          shown = url;
          img.src = url;
        }
        g.fillStyle = '#8a8f94';
        g.fillRect(0, 0, canvas.width, canvas.height);
        if (url && img.complete && img.naturalWidth > 0) {
          const side = 300;
          g.drawImage(img, (canvas.width - side) / 2, (canvas.height - side) / 2, side, side);
        }
      };
      paint();
      const timer = setInterval(paint, 100);
      const stream = canvas.captureStream(10);
      for (const track of stream.getVideoTracks()) {
        const stop = track.stop.bind(track);
        track.stop = () => {
          clearInterval(timer);
          stop();
        };
      }
      return stream;
    };
  }, KEY);
}

/** Films a QR code of `text` (generated with the project's own encoder, `qrcode`) from the next frame on. */
export async function showToCamera(page: import('playwright-core').Page, text: string): Promise<void> {
  const url = await QRCode.toDataURL(text, { margin: 4, width: 300, errorCorrectionLevel: 'M' });
  await page.evaluate(([key, u]) => localStorage.setItem(key, u), [KEY, url] as const);
}
