// The settlement print page's texts (002 §2.11), verbatim from the specification.

export const SETTLEMENT_TEXTS = {
  /** 002 §2.11: the loader's second text, once the sync pass is over. */
  loading: 'Transactions Synchronized, loading settlement data..',
  title: 'CASHIER SETTLEMENT',
  cashier: 'Cashier',
  start: 'Start',
  end: 'End',
  serviceSales: 'Penjualan Service',
  retailSales: 'Penjualan Retail',
  itemSales: 'Penjualan Barang / Service',
  couponSales: 'Penjualan Kupon',
  topUpDeposit: 'Top Up Deposit',
  membershipSales: 'Penjualan Membership',
  receivablePayment: 'Pembayaran Piutang',
  summary: 'Ringkasan',
  service: 'Service',
  retail: 'Retail',
  gross: 'Penjualan Kotor',
  itemDiscount: 'Item Discount',
  trxDiscount: 'Transaction Discount',
  tax: 'Tax',
  serviceCharge: 'Service Charge',
  additionalCharge: 'Additional Charge',
  net: 'Penjualan Bersih',
  payments: 'Pembayaran',
  end_mark: '####',
  print: 'Print',
  close: 'Tutup',
} as const;

/** Ours (issue 22 item 7): the outlet printout names the outlet and covers every cashier. */
export const SETTLEMENT_SCOPE_TEXTS = {
  outlet: (outlet: string) => `SELURUH KASIR - ${outlet}`,
  allCashiers: 'Semua kasir',
} as const;

/** The server's refusals of a settlement request (ours: the spec's backend has its own texts). */
export const SETTLEMENT_MESSAGES = {
  badStart: 'Waktu mulai settlement tidak valid.',
  badEnd: 'Waktu akhir settlement tidak valid.',
  badOrder: 'Waktu mulai settlement harus sebelum waktu akhir.',
  tooLong: 'Periode settlement paling lama 31 hari.',
  badGroupBy: 'group_by harus outlet atau user.',
  noOutlet: 'Outlet belum dipilih.',
} as const;

/** OWN_TEXTS entries (./own.ts) for the refusals above. */
export const SETTLEMENT_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  ...Object.values(SETTLEMENT_MESSAGES).map((text) => ({
    text: text as string,
    reason: "a refusal of our server's settlement call (002 §7 leaves the server to us; docs/api.md)",
  })),
  {
    text: 'SELURUH KASIR - {outlet}',
    reason: "the today-by-outlet printout's heading line: 002 §2.11 gives one header for every type",
  },
  {
    text: 'Semua kasir',
    reason: 'the today-by-outlet printout covers every cashier of the outlet, not one',
  },
];
