// The shared customer search panel (001 §2.2, §5 'Customer search', §8 'Customer lookup') and member
// activation (001 §2.8, §5 'Member activation'): the specification's words, or ours listed with the reason.

/** The panel's labels and the messages that differ by area (the cashier's are in sale.ts / cashier.ts). */
export const CUSTOMER_PANEL_TEXTS = {
  phone: 'Phone',
  qr: 'QR Code',
  email: 'Email',
  reference: 'Reference',
  name: 'Nama',
  nik: 'NIK',
  check: 'Check',
  find: 'Cari',
  changeCustomer: 'Change Customer',
  newCustomer: '(New Customer)',
  noCustomer: 'No customer chosen',
  refPrefix: 'Ref: ',
  /** 001 §5: an empty type or value on loyalty, member info and activation. */
  userContactRequired: 'Please fill out the user contact.',
  /** 001 §5: the same on the journal and registration. */
  customerContactRequired: 'Please fill out the customer contact.',
  invalidPhone: 'Please input a valid phone number.',
  invalidEmail: 'Please input a valid email.',
  /** 003/001 §8: the camera could not start. */
  cameraError: (error: string) => `Camera error: ${error}`,
} as const;

/** Texts of ours (test/domain/texts.test.ts accepts them through OWN_TEXTS). */
export const CUSTOMER_SEARCH_OWN = {
  nikInvalid: 'NIK harus 16 digit angka.',
  phoneNotIndonesian: 'Nomor HP harus nomor Indonesia (+62).',
  membershipInactive: 'Membership ini tidak dapat diaktifkan.',
  activated: (name: string, until: string) => `Membership ${name} aktif sampai ${until}.`,
  purchaseNoTooLong: 'Purchase No. maksimal 100 karakter.',
} as const;

export const CUSTOMER_SEARCH_OWN_TEXTS: readonly { text: string; reason: string }[] = [
  {
    text: CUSTOMER_SEARCH_OWN.nikInvalid,
    reason: 'a NIK search or edit that is not 16 digits (issue 24 bad input); the spec gives no text for it',
  },
  {
    text: CUSTOMER_SEARCH_OWN.phoneNotIndonesian,
    reason:
      "a phone that is not Indonesian (issue 24 bad input; 001 §9 the '+62' prefix); the spec gives no text",
  },
  {
    text: CUSTOMER_SEARCH_OWN.membershipInactive,
    reason: "an activation naming a membership the brand's catalogue does not have; the spec gives no text",
  },
  {
    text: 'Membership {name} aktif sampai {until}.',
    reason: "001 §2.8 shows the server's message after an activation; the spec does not give its words",
  },
  {
    text: CUSTOMER_SEARCH_OWN.purchaseNoTooLong,
    reason: 'a Purchase No. above 100 characters (issue 24 bad input, 8 KB); the spec gives no bound',
  },
];

/** Member activation (001 §2.8, §5). */
export const MEMBER_ACTIVATION_TEXTS = {
  title: 'Aktivasi Member',
  membershipType: 'Jenis member harus pilih!',
  purchaseNoRequired: 'Purchase No. harus diisi!',
  customerRequired: 'Customer harus dipilih!!',
} as const;
