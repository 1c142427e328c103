// The sale texts shown to users, verbatim from the specification (typos included) unless listed in
// OWN_TEXTS (./own.ts) with the reason. Import them from here (no other module re-exports them; test/domain/texts-imports.test.ts).

export const SALE_MESSAGES = {
  // Global discount
  discountTypeRequired: 'Silakan pilih jenis diskon terlebih dahulu.',
  promoRequired: 'Silakan pilih promo terlebih dahulu.',
  discountPercentRequired: 'Silakan masukkan persentase diskon terlebih dahulu.',
  discountNominalRequired: 'Silakan masukkan nominal diskon terlebih dahulu.',
  // Item modal
  qtyMinimumOne: 'Qty produk minimal 1 buah.',
  variantRequired: 'Silakan pilih varian produk terlebih dahulu.',
  discountNotNumber: 'Diskon harus berupa angka.',
  discountAboveItemPrice: 'Nominal diskon tidak boleh melebihi harga barang.',
  discountAboveCouponPrice: 'Nominal diskon tidak boleh melebihi harga kupon.',
  couponCategoryQtyExceeded:
    'Jumlah barang yang memiliki potongan kategori kupon sudah melebihi jumlah yang diperbolehkan.',
  workerMissingConfirm: 'Anda belum memilih pekerja, apakah Anda yakin ingin melanjutkan?',
  packageWorkerMissingConfirm:
    'Ada barang / service yang belum memiliki pekerja, apakah Anda yakin ingin melanjutkan?',
  priceZero: 'Harga tidak boleh nol',
  workerRequired: 'Worker harus dipilih!',
  percentageRequired: 'Persentase tidak boleh kosong!',
  percentageAboveRemaining: 'Persentase tidak boleh melebihi sisa komisi!',
  skuRequired: 'SKU produk harus diisi',
  skuNotFound: 'Produk tidak ditemukan',
  // Authorization modals
  passwordRequired: 'Password harus diisi!',
  qtyReductionReasonRequired: 'Alasan pengurangan qty harus diisi!',
  deletionReasonRequired: 'Alasan penghapusan harus diisi!',
  // Line removal
  lineBelongsToCoupon: 'Barang ini dapat dihapus dengan menghapus kupon yang sedang digunakan.',
  lineBelongsToRedeem: 'Barang ini dapat dihapus dengan menghapus redeem yang sedang digunakan.',
  // Step 2 forms
  topUpCustomerMissing: 'Silakan pilih customer terlebih dahulu (Pastikan internet aktif)',
  topUpCustomerNotMember: 'Customer tidak terdaftar sebagai member, silakan pilih customer lainnya',
  membershipCustomerMissing: 'Silakan tentukan customer terlebih dahulu',
  noReceivableTransactions: 'Tidak ada transaksi piutang untuk customer ini',
  // Continue to payment
  salesNoItem: 'Pilih minimal satu produk untuk melanjutkan.',
  couponSalesNoCustomer: 'Customer harus dipilih untuk pembelian kupon.',
  couponSalesNoCoupon: 'Pilih minimal satu kupon untuk melanjutkan.',
  topUpNoCustomer: 'Customer harus dipilih untuk melakukan top up.',
  topUpNoAmount: 'Nominal top up harus diisi.',
  receivableNoCustomer: 'Customer harus dipilih untuk melakukan pembayaran piutang.',
  receivableNoTransaction: 'Transaksi harus dipilih untuk melakukan pembayaran piutang.',
  receivableNoAmount: 'Nominal pembayaran piutang harus diisi.',
  receivableAboveBalance: 'Nominal pembayaran piutang tidak boleh melebihi sisa piutang transaksi terpilih.',
  membershipNoCustomer: 'Customer harus ditentukan untuk melakukan aktivasi membership.',
  membershipNotChosen: 'Membership harus dipilih.',
  // Submit
  notPaidOff: 'Pembayaran harus dilunasi terlebih dahulu!',
  redeemCodeRequired: 'Kode redeem harus diisi!',
  walletCodeRequired: 'Kode Receh harus diisi!',
  stockOutMissing: 'Ada item yang belum dikeluarkan stoknya.',
  customerDataRequired: 'Data customer harus diisi!',
  newCustomerIdentifierType: 'Data customer baru harus berupa No. HP atau email!',
  newCustomerIdentifierRequired: 'No. HP atau email customer harus diisi!',
  workersMissing: 'Ada barang / service yang belum memiliki pekerja',
  submitFailed: 'Transaksi gagal, mohon coba kembali.',
  submitBadNetwork: 'Transaksi gagal karena jariangan internet buruk, mohon coba kembali beberapa saat lagi.',
  // Payments
  paymentMethodRequired: 'Metode pembayaran harus dipilih!',
  paymentAmountZero: 'Nominal pembayaran tidak boleh nol atau kosong!',
  paymentAboveRemaining: 'Nominal pembayaran tidak boleh melebihi sisa pembayaran, kecuali pembayaran cash.',
  paymentReferenceRequired: 'Kode referensi pembayaran harus diisi!',
  depositAmountZero: 'Nominal deposit tidak boleh nol atau kosong!',
  depositAboveTotal: 'Nominal deposit tidak boleh melebihi jumlah total harga',
  creditAmountZero: 'Nominal piutang tidak boleh nol atau kosong!!',
  allPaymentMethodsUsed: 'Seluruh metode pembayaran telah terpakai.',
  // Coupon and redeem in a sale
  couponInvalid: 'Kupon tidak valid.',
  couponCodeRequired: 'Kode kupon harus diisi!',
  redeemInvalid: 'Redeem tidak valid.',
  redeemPhoneRequired: 'Nomor HP harus diisi!',
  promoCustomerRequired: 'Customer harus dipilih terlebih dahulu!',
  // Customer search in the cashier
  invalidPhone: 'Mohon masukkan nomor handphone yang valid.',
  invalidEmail: 'Mohon masukkan alamat email yang valid.',
  customerRequired: 'Customer harus dipilih.',
  keywordRequired: 'Kata kunci pencarian harus diisi.',
  customerNotFound: 'Data customer tidak ditemukan',
  // Receipt sending
  receiptPhoneRequired: 'Phone number is required',
  receiptPhoneDigitsOnly: 'Phone number can only contain numbers',
  receiptEmailRequired: 'Email is required',
  // Shift (file 002)
  shiftAlreadyActive: 'Tidak dapat memulai shift baru karena masih ada shift yang aktif.',
  expenseNameRequired: 'Nama pengeluaran harus diisi',
  expenseAmountRequired: 'Jumlah pengeluaran harus diisi',
  expenseDeleteFailed: 'Gagal menghapus pengeluaran',
  // Placeholders
  itemDiscountMax: (n: number | string) => `Diskon maksimal ${n}% untuk item ini.`,
  couponDiscountMax: (n: number | string) => `Diskon maksimal ${n}% untuk kupon ini.`,
  qtyAboveMax: (max: number | string) => `Qty produk tidak dapat melebihi ${max}`,
  qtyBelowPromoMinimum: (n: number | string) => `Qty produk minimal ${n} untuk menggunakan diskon ini.`,
  priceBelowOriginal: (currency: string, price: string) =>
    `Harga tidak boleh lebih rendah dari harga asli (${currency} ${price})`,
  topUpAboveMax: (currency: string, max: string) => `Total top up tidak boleh melebihi ${currency} ${max}!`,
} as const;

/** A drv_* total (or a payment's charge) differs from the domain's pricing of the same transaction. */
export const totalMismatchMessage = (field: string): string => `Total transaksi tidak sesuai (${field}).`;

/** Refusals the specification has no text for (the server's own, shown by the cashier as they are). */
export const PAYMENT_CHECK_MESSAGES = {
  customerRequired: 'Customer harus dipilih untuk pembayaran deposit atau piutang.',
  /** The payment's charge differs from its method's (amount × charge_percentage / 100 + charge_value). */
  chargeMismatch: totalMismatchMessage('payment_charge'),
  /** A method the outlet does not offer, or offered for another payment type. */
  methodNotAvailable: 'Metode pembayaran tidak tersedia di outlet ini.',
} as const;
