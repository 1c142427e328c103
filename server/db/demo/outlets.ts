import { itemCategories } from './misc';
import type { DemoOutlet, DemoOutletSettings, DemoPaymentMethod } from './types';

const sectionCategories = (ids: number[]) =>
  itemCategories()
    .filter((c) => ids.includes(c.pos_item_category_id))
    .map(({ pos_item_category_id, category_name }) => ({ pos_item_category_id, category_name }));

export const OUTLET_KEMANG = 1;
export const OUTLET_MENTENG = 2;

function method(
  table_id: number,
  payment_method_name: string,
  extra: Partial<DemoPaymentMethod> = {},
): DemoPaymentMethod {
  return {
    payment_method_name,
    table_name: 'pos_payment_method',
    table_id,
    payment_type: 'NORMAL',
    is_reference_required: 0,
    reference_min_length: 0,
    is_charge_to_customer: 0,
    charge_percentage: 0,
    charge_value: 0,
    charge_label: '',
    is_payment_amount_required: 1,
    ...extra,
  };
}

export const PM_CASH = method(1, 'Cash');
export const PM_DEBIT = method(2, 'Debit Card', {
  is_reference_required: 1,
  reference_min_length: 4,
  is_charge_to_customer: 1,
  charge_percentage: 1,
  charge_label: 'Biaya Kartu Debit',
});
export const PM_CREDIT = method(3, 'Credit Card', {
  is_reference_required: 1,
  reference_min_length: 4,
  is_charge_to_customer: 1,
  charge_percentage: 2.5,
  charge_label: 'Biaya Kartu Kredit',
});
export const PM_QRIS = method(4, 'QRIS');
export const PM_TRANSFER = method(5, 'Bank Transfer', { is_reference_required: 1, reference_min_length: 6 });
export const PM_DEPOSIT = method(1, 'Deposit', { table_name: 'business_wallet', payment_type: 'DEPOSIT' });
export const PM_PIUTANG = method(1, 'Piutang', {
  table_name: 'account_receivable',
  payment_type: 'CREDIT',
});

const kemangSettings: DemoOutletSettings = {
  is_getpos: 1,
  rme_satu_sehat: 0,
  is_inventory_required: 0,
  pos_shift_enforced: 0,
  pos_cashier_delete_by_pin: 0,
  is_void_allowed: 1,
  pos_trx_no_user_edit: 0,
  is_document_date_editable: 1,
  pos_account_receivable: 1,
  customer_journal: 0,
  secret_notes: 0,
  is_custom_item: 1,
  pos_item_search_by_sku: 1,
  coupon_first_show_order: 'COUPON',
  is_user_id_required: 0,
  // Ruling 24: the outlet a newcomer signs in to first sells offline too (000 §4 online-required is
  // shown on a configuration made for it, in the tests).
  check_stock_availability_on_trx: 0,
  use_wallet_security_code: 0,
  direct_reward_redeem: 1,
  // Ruling 24: at Kemang 'Kupon' browses the customer's coupons (a newcomer sees them); Menteng types / scans
  // the coupon's code (cashier_indirect_coupon_redeem = 1)
  cashier_indirect_coupon_redeem: 0,
  pos_discount_on_transaction: 1,
  coupon_use_nfc: 0,
  wallet_use_nfc: 0,
  is_service_area_scheme: 1,
  service_area_type: 'item',
  myob: 0,
  input_price_on_stock_in: 1,
  show_cogs_on_stock_out: 1,
  is_pos_commission_scheme: 1,
  is_pos_multicommission_scheme: 1,
  is_pos_auto_multicommission: 1,
  is_pos_auto_split_multicommission: 1,
  pos_item_requiring_worker: 1,
  is_pos_commission_seller: 1,
  is_pos_commission_seller_general_sales: 1,
  is_pos_commission_seller_coupon_sales: 1,
  is_pos_commission_seller_top_up_deposit: 1,
  is_pos_commission_seller_membership_sales: 1,
  is_pos_commission_multi_seller: 1,
  is_pos_commission_auto_split_multi_seller: 1,
  receipt_template: 'DETAILED',
  receipt_footer: 'Terima kasih atas kunjungan Anda. Sampai jumpa kembali di Serambi Salon Kemang!',
  pos_print_logo: 1,
  pos_print_outlet_name: 1,
  pos_print_address: 1,
  pos_print_user_identifier: 1,
  pos_print_label_if_no_user_identifier: 'GUEST',
  pos_print_receipt_order_number_top: 1,
  pos_print_receipt_order_number_bottom: 0,
  pos_print_date: 'DOCUMENT_DATE',
  pos_print_order_detail: 1,
  pos_print_order_detail_type: 'CATEGORY',
  order_print_out_section: [
    { pos_order_print_out_section_name: 'Rambut', pos_item_categories: sectionCategories([11]) },
    { pos_order_print_out_section_name: 'Kuku', pos_item_categories: sectionCategories([12]) },
    {
      pos_order_print_out_section_name: 'Facial & Spa',
      pos_item_categories: sectionCategories([13, 14, 17]),
    },
  ],
  print_deposit_balance_on_receipt: 1,
  pos_print_digital_invoice: 1,
  is_sms_receipt: 1,
  pos_print_worker: 1,
  pos_print_initial: 0,
  pos_print_seller: 1,
};

const mentengSettings: DemoOutletSettings = {
  ...kemangSettings,
  is_getpos: 0,
  cashier_indirect_coupon_redeem: 1,
  rme_satu_sehat: 1,
  // 000 §4: sign-out waits for a consumption ('Inventory - Stok Keluar', issue 13); the blocked sign-out links
  // to that screen, so no one is trapped (ruling 24). Shifts are enforced too (issue 12): the guard sends a
  // user to start one and sign-out waits for its end.
  is_inventory_required: 1,
  pos_shift_enforced: 1,
  pos_cashier_delete_by_pin: 1,
  is_document_date_editable: 0,
  pos_account_receivable: 0,
  customer_journal: 1,
  secret_notes: 1,
  is_custom_item: 0,
  pos_item_search_by_sku: 0,
  coupon_first_show_order: 'COUPON_GROUP',
  is_user_id_required: 1,
  check_stock_availability_on_trx: 0,
  use_wallet_security_code: 1,
  // a deposit payment scans the customer's NFC card first (000 §2 step 3); Kemang's stays 0 (ruling 24)
  wallet_use_nfc: 1,
  direct_reward_redeem: 0,
  is_service_area_scheme: 1,
  service_area_type: 'transaction',
  myob: 1,
  input_price_on_stock_in: 0,
  show_cogs_on_stock_out: 0,
  is_pos_multicommission_scheme: 0,
  is_pos_auto_multicommission: 0,
  is_pos_auto_split_multicommission: 0,
  is_pos_commission_seller: 0,
  is_pos_commission_seller_general_sales: 0,
  is_pos_commission_seller_coupon_sales: 0,
  is_pos_commission_seller_top_up_deposit: 0,
  is_pos_commission_seller_membership_sales: 0,
  is_pos_commission_multi_seller: 0,
  is_pos_commission_auto_split_multi_seller: 0,
  receipt_template: 'SIMPLE',
  receipt_footer: 'Semoga lekas sehat dan tetap cantik. Serambi Klinik Menteng.',
  pos_print_date: 'TRX_TIME',
  pos_print_order_detail: 0,
  pos_print_order_detail_type: 'WORKER',
  order_print_out_section: [],
  is_sms_receipt: 0,
  pos_print_initial: 1,
  pos_print_seller: 0,
};

export function outlets(): DemoOutlet[] {
  return [
    {
      business_outlet_id: OUTLET_KEMANG,
      outlet_name: 'Serambi Salon Kemang',
      outlet_address: 'Jl. Kemang Raya No. 18, Bangka, Mampang Prapatan, Jakarta Selatan 12730',
      outlet_phone: '021-7190018',
      settings: kemangSettings,
      tax: { tax_percent: 11, is_included_in_price: 0 },
      service_charge: [{ pos_serviceCharge_id: 81, charge_name: 'Service Charge', charge_percent: 5 }],
      additional_charge: [
        { pos_additionalCharge_id: 91, charge_name: 'Biaya Transport Home Service', charge_percent: 10 },
      ],
      sales_type: [
        {
          pos_salesType_id: 701,
          pos_salesType_name: 'Walk In',
          pos_sales_type_service_charges: [{ pos_serviceCharge_id: 81 }],
          pos_sales_type_additional_charges: [],
        },
        {
          pos_salesType_id: 702,
          pos_salesType_name: 'Reservasi',
          pos_sales_type_service_charges: [{ pos_serviceCharge_id: 81 }],
          pos_sales_type_additional_charges: [],
        },
        {
          pos_salesType_id: 703,
          pos_salesType_name: 'Home Service',
          pos_sales_type_service_charges: [{ pos_serviceCharge_id: 81 }],
          pos_sales_type_additional_charges: [{ pos_additionalCharge_id: 91 }],
        },
      ],
      area_category: [
        { pos_areaCategory_id: 501, areaCategory_name: 'Lantai 1 - Salon' },
        { pos_areaCategory_id: 502, areaCategory_name: 'Lantai 2 - Spa' },
      ],
      area: [
        { pos_area_id: 601, area_name: 'Kursi Stylist 1', pos_areaCategory_id: 501 },
        { pos_area_id: 602, area_name: 'Kursi Stylist 2', pos_areaCategory_id: 501 },
        { pos_area_id: 603, area_name: 'Kursi Stylist 3', pos_areaCategory_id: 501 },
        { pos_area_id: 604, area_name: 'Meja Kuku 1', pos_areaCategory_id: 501 },
        { pos_area_id: 605, area_name: 'Meja Kuku 2', pos_areaCategory_id: 501 },
        { pos_area_id: 606, area_name: 'Ruang Spa Melati', pos_areaCategory_id: 502 },
        { pos_area_id: 607, area_name: 'Ruang Spa Kenanga', pos_areaCategory_id: 502 },
        { pos_area_id: 608, area_name: 'Ruang Facial', pos_areaCategory_id: 502 },
        // category 0: listed under 'Lainnya' (003 §9)
        { pos_area_id: 609, area_name: 'Teras Depan', pos_areaCategory_id: 0 },
      ],
      payment_method: [PM_CASH, PM_DEBIT, PM_CREDIT, PM_QRIS, PM_TRANSFER, PM_DEPOSIT, PM_PIUTANG],
      commission_worker_ids: [201, 202, 203, 204, 205],
      storage_locations: [
        { inv_sloc_id: 31, location_name: 'Gudang Salon Kemang', is_default: 1 },
        { inv_sloc_id: 32, location_name: 'Etalase Kemang', is_default: 0 },
      ],
    },
    {
      business_outlet_id: OUTLET_MENTENG,
      outlet_name: 'Serambi Klinik Menteng',
      outlet_address: 'Jl. HOS Cokroaminoto No. 47, Menteng, Jakarta Pusat 10310',
      outlet_phone: '021-3148847',
      settings: mentengSettings,
      tax: { tax_percent: 11, is_included_in_price: 1 },
      service_charge: [{ pos_serviceCharge_id: 82, charge_name: 'Biaya Layanan Klinik', charge_percent: 2 }],
      additional_charge: [
        { pos_additionalCharge_id: 92, charge_name: 'Biaya Kunjungan Rumah', charge_percent: 15 },
      ],
      sales_type: [
        {
          pos_salesType_id: 704,
          pos_salesType_name: 'Walk In',
          pos_sales_type_service_charges: [{ pos_serviceCharge_id: 82 }],
          pos_sales_type_additional_charges: [],
        },
        {
          pos_salesType_id: 705,
          pos_salesType_name: 'Reservasi',
          pos_sales_type_service_charges: [{ pos_serviceCharge_id: 82 }],
          pos_sales_type_additional_charges: [],
        },
        {
          pos_salesType_id: 706,
          pos_salesType_name: 'Home Service',
          pos_sales_type_service_charges: [],
          pos_sales_type_additional_charges: [{ pos_additionalCharge_id: 92 }],
        },
      ],
      area_category: [
        { pos_areaCategory_id: 503, areaCategory_name: 'Ruang Tindakan' },
        { pos_areaCategory_id: 504, areaCategory_name: 'Ruang Konsultasi' },
      ],
      area: [
        { pos_area_id: 611, area_name: 'Ruang Tindakan 1', pos_areaCategory_id: 503 },
        { pos_area_id: 612, area_name: 'Ruang Tindakan 2', pos_areaCategory_id: 503 },
        { pos_area_id: 613, area_name: 'Ruang Laser', pos_areaCategory_id: 503 },
        { pos_area_id: 614, area_name: 'Ruang Konsultasi A', pos_areaCategory_id: 504 },
        { pos_area_id: 615, area_name: 'Ruang Konsultasi B', pos_areaCategory_id: 504 },
      ],
      payment_method: [PM_CASH, PM_DEBIT, PM_CREDIT, PM_QRIS, PM_TRANSFER, PM_DEPOSIT],
      commission_worker_ids: [205, 206, 207, 208],
      storage_locations: [
        { inv_sloc_id: 41, location_name: 'Gudang Klinik Menteng', is_default: 1 },
        { inv_sloc_id: 42, location_name: 'Ruang Obat', is_default: 0 },
      ],
    },
  ];
}
