// Direct thermal printing (issue 29): the device setting's words and the messages of a printer that cannot
// print. The spec prints through the browser only and has none of these: ours, in PRINTING_OWN_TEXTS.

export const PRINTING_TEXTS = {
  printer: 'Printer',
  browser: 'Cetak lewat browser',
  usb: 'USB (WebUSB)',
  serial: 'Serial (Web Serial)',
  bluetooth: 'Bluetooth (Web Bluetooth)',
  codepage: 'Code page',
  pair: 'Pasangkan printer',
  testPrint: 'Tes cetak',
  drawer: 'Buka laci kas saat transaksi tunai selesai',
  paired: 'Printer terpasang',
  notPaired: 'Belum ada printer yang dipasangkan.',
  unsupported:
    'Browser ini tidak mendukung printer langsung lewat USB, serial atau Bluetooth (perlu Chrome atau Edge lewat https).',
  kindUnsupported: 'Browser ini tidak mendukung jenis printer ini.',
  testOk: 'Tes cetak terkirim ke printer.',
  testLine: 'Tes cetak Serambi',
  failed: 'Printer tidak dapat mencetak: pastikan printer menyala, berkertas dan terpasang.',
  fallback: 'Cetak lewat browser',
  paperOut: 'Kertas printer habis: pasang gulungan kertas baru, lalu cetak ulang.',
} as const;

const OURS =
  'issue 29: direct ESC/POS printing is ours; the spec prints through the browser dialog only and words no printer setting or printer fault';

export const PRINTING_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  ...new Set(Object.values(PRINTING_TEXTS)),
].map((text) => ({ text, reason: OURS }));
