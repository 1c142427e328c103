// The notice of a page opened over plain http on the LAN (issue 23 item 10): the browser gives such a page no
// offline worker, so the till cannot open or reload Serambi while the server is out of reach. The spec has
// no text for it: ours, listed in SECURE_CONTEXT_OWN_TEXTS.

export const SECURE_CONTEXT_TEXTS = {
  title: 'Koneksi tidak aman (http)',
  body:
    'Serambi dibuka lewat http, bukan https, sehingga tidak dapat bekerja offline di perangkat ini: ' +
    'bila server tidak terjangkau, halaman tidak dapat dibuka atau dimuat ulang. ' +
    'Buka Serambi lewat alamat https (README: HTTPS).',
  /** where a QR camera scanner would be (the customer search panel): the browser allows no camera over http */
  camera: 'Kamera hanya dapat dipakai lewat https. Ketik kodenya di bawah.',
} as const;

const OURS =
  'issue 23 item 10: the spec has no text for a page opened over plain http, where the browser allows no offline worker (nor a camera)';

export const SECURE_CONTEXT_OWN_TEXTS: readonly { text: string; reason: string }[] = Object.values(
  SECURE_CONTEXT_TEXTS,
).map((text) => ({ text, reason: OURS }));
