// The help page's texts (002 §2.21, §8), verbatim from the specification, and ours.

export const HELP_TEXTS = {
  title: 'Bantuan Penggunaan',
  loaded: 'Help content loaded!',
} as const;

export const HELP_OWN = {
  empty: 'Belum ada FAQ.',
} as const;

export const HELP_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  { text: HELP_OWN.empty, reason: '002 §2.21 gives no empty state for a brand without FAQs' },
];
