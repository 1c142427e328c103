// Home's device settings (000 §2 Home, issue 22 item 8): what each display mode changes, as 000 describes the
// modes (search and quantity autofocus, the redirect to the receipt, auto-printing, WA Web) plus the larger
// product tiles of TABLET. The spec names the modes but writes no such text: ours, in DEVICE_OWN_TEXTS.

export const DEVICE_TEXTS = {
  DESKTOP:
    'Desktop: kolom pencarian produk dan jumlah item langsung aktif untuk keyboard dan pemindai; ' +
    'cetakan (print, pre-settlement, order preview, salinan struk, settlement) tercetak otomatis lalu jendelanya ditutup.',
  TABLET:
    'Tablet: kotak produk lebih besar untuk disentuh; pencarian produk dan jumlah item tidak langsung aktif ' +
    '(keyboard layar tidak muncul sendiri); setelah pembayaran langsung ke struk bila struk digital tidak ' +
    "dipakai, dengan tombol 'Print Struk' dan 'Kembali'; tidak ada cetak otomatis dan tidak ada WA Web.",
} as const;

const OURS =
  'issue 22 item 8: the spec names the display modes (000 §2 Home) but writes no text saying what they do';

export const DEVICE_OWN_TEXTS: readonly { text: string; reason: string }[] = Object.values(DEVICE_TEXTS).map(
  (text) => ({ text, reason: OURS }),
);
