import { describe, expect, it } from 'vitest';
import {
  autoMultiCommissionShares,
  eligibleWorkers,
  isAutoSplit,
  missingWorkerPrompt,
  remainingCommission,
  sellerPercentage,
  submitWorkerCheck,
  validateMultiCommissionAdd,
  workerCommission,
  workerDisplayLabel,
  workerDisplayStatus,
} from '../../src/domain';
import { SALE_MESSAGES } from '../../src/domain/texts/sale';
import { line } from './fixtures';

const w = (id: number, group = 1) => ({
  business_commission_worker_id: id,
  firstname: `W${id}`,
  business_commission_worker_group_id: group,
});
const settings = {
  is_pos_commission_scheme: 1,
  is_pos_multicommission_scheme: 0,
  pos_item_requiring_worker: 1,
  commission_worker: [w(1), w(2, 2)],
};

describe('Commission (spec 003 §9, 000 §4–5)', () => {
  it('auto multi-commission gives each worker floor(100/n) when auto-split is on, otherwise 100', () => {
    expect(autoMultiCommissionShares([w(1), w(2), w(3)], true).map((s) => s.percentage)).toEqual([
      33, 33, 33,
    ]);
    expect(autoMultiCommissionShares([w(1), w(2)], false).map((s) => s.percentage)).toEqual([100, 100]);
  });

  it('sellers: single 100%; multiple 100/n when auto-split, else 100', () => {
    expect(sellerPercentage(1, true)).toBe(100);
    expect(sellerPercentage(3, true)).toBe(33.33);
    expect(sellerPercentage(4, true)).toBe(25);
    expect(sellerPercentage(3, false)).toBe(100);
  });

  it('remaining commission = 100 − sum of percentages', () => {
    expect(remainingCommission([{ percentage: 40 }, { percentage: 25.5 }])).toBe(34.5);
  });

  it('auto-split always applies to package lines and custom items', () => {
    expect(isAutoSplit(0, { is_package: 1 })).toBe(true);
    expect(isAutoSplit(0, { is_custom: 1 })).toBe(true);
    expect(isAutoSplit(0, {})).toBe(false);
    expect(isAutoSplit(1, {})).toBe(true);
  });

  it('multi-commission add: worker required, percent required, not above the remaining share', () => {
    const base = { workerId: 1, percentage: 50, requiringWorker: true, autoSplit: true, remaining: 40 };
    expect(validateMultiCommissionAdd({ ...base, workerId: null })).toBe('Worker harus dipilih!');
    expect(validateMultiCommissionAdd({ ...base, percentage: '' })).toBe('Persentase tidak boleh kosong!');
    expect(validateMultiCommissionAdd({ ...base, percentage: -1 })).toBe('Persentase tidak boleh kosong!');
    expect(validateMultiCommissionAdd(base)).toBe('Persentase tidak boleh melebihi sisa komisi!');
    expect(validateMultiCommissionAdd({ ...base, autoSplit: false })).toBeNull();
    expect(validateMultiCommissionAdd({ ...base, percentage: 40 })).toBeNull();
  });

  it('eligible workers are filtered by the item’s worker groups', () => {
    expect(
      eligibleWorkers(
        { pos_item_commission_worker_groups: [{ business_commission_worker_group_id: 2 }] },
        settings.commission_worker,
      ).map((x) => x.business_commission_worker_id),
    ).toEqual([2]);
    expect(
      eligibleWorkers({ pos_item_commission_worker_groups: [] }, settings.commission_worker),
    ).toHaveLength(2);
  });

  it('item modal: a missing worker prompts the confirm question', () => {
    const l = line({ price: 1000 });
    expect(missingWorkerPrompt(l, settings, 'NORMAL')).toBe(SALE_MESSAGES.workerMissingConfirm);
    expect(missingWorkerPrompt({ ...l, commission_worker: w(1) }, settings, 'NORMAL')).toBeNull();
    expect(missingWorkerPrompt(l, settings, 'COUPON_SALES')).toBeNull();
    expect(
      missingWorkerPrompt({ ...l, itemMeta: { ...l.itemMeta, no_commission: 1 } }, settings, 'NORMAL'),
    ).toBeNull();
    const pkg = {
      ...l,
      itemMeta: { ...l.itemMeta, is_package: 1 },
      pos_item_package_details: [
        { item_name: 'A', qty: 1, pos_item_package_detail_variants: [], no_commission: 0 },
      ],
    };
    expect(missingWorkerPrompt(pkg, settings, 'NORMAL')).toBe(
      'Ada barang / service yang belum memiliki pekerja, apakah Anda yakin ingin melanjutkan?',
    );
  });

  it('item modal: a no_commission item asks nothing, package or not (the item check comes first)', () => {
    const l = line({ price: 1000 });
    const pkg = {
      ...l,
      itemMeta: { ...l.itemMeta, is_package: 1, no_commission: 1 },
      pos_item_package_details: [
        { item_name: 'A', qty: 1, pos_item_package_detail_variants: [], no_commission: 0 },
      ],
    };
    expect(missingWorkerPrompt(pkg, settings, 'NORMAL')).toBeNull();
    expect(
      missingWorkerPrompt({ ...pkg, itemMeta: { ...pkg.itemMeta, no_commission: 0 } }, settings, 'NORMAL'),
    ).toBe(SALE_MESSAGES.packageWorkerMissingConfirm);
  });

  it('submit: each commissionable line and package detail needs a worker', () => {
    const l = line({ price: 1000 });
    // the spec's text, then the lines it means (issue 10)
    expect(submitWorkerCheck([l], settings, 'NORMAL')).toBe(
      `Ada barang / service yang belum memiliki pekerja: ${l.itemMeta.item_name}`,
    );
    expect(
      submitWorkerCheck(
        [l, { ...l, commission_worker: w(1) }, { ...l, itemMeta: { ...l.itemMeta, item_name: 'Creambath' } }],
        settings,
        'NORMAL',
      ),
    ).toBe(`Ada barang / service yang belum memiliki pekerja: ${l.itemMeta.item_name}, Creambath`);
    expect(submitWorkerCheck([{ ...l, commission_worker: w(1) }], settings, 'NORMAL')).toBeNull();
    expect(submitWorkerCheck([l], { ...settings, is_pos_multicommission_scheme: 1 }, 'NORMAL')).toBe(
      `${SALE_MESSAGES.workersMissing}: ${l.itemMeta.item_name}`,
    );
    expect(
      submitWorkerCheck(
        [{ ...l, commission_workers: [{ commission_worker: w(1), percentage: 100 }] }],
        { ...settings, is_pos_multicommission_scheme: 1 },
        'NORMAL',
      ),
    ).toBeNull();
    expect(submitWorkerCheck([l], { ...settings, pos_item_requiring_worker: 0 }, 'NORMAL')).toBeNull();
    expect(submitWorkerCheck([l], { ...settings, commission_worker: [] }, 'NORMAL')).toBeNull();
    // no eligible worker in the item's groups → not required
    const groupOnly = {
      ...l,
      itemMeta: {
        ...l.itemMeta,
        pos_item_commission_worker_groups: [{ business_commission_worker_group_id: 9 }],
      },
    };
    expect(submitWorkerCheck([groupOnly], settings, 'NORMAL')).toBeNull();
  });

  it('worker display status: Available, Booked - {time}, Working', () => {
    const now = '2026-03-02 10:00:00';
    const appointments = [
      { business_commission_worker_id: 1, start_time: '2026-03-02 15:30:00' },
      { business_commission_worker_id: 1, start_time: '2026-03-02 13:00:00' },
      { business_commission_worker_id: 3, start_time: '2026-03-02 09:00:00' },
    ];
    const open = [
      {
        trx_status_id: 2,
        details: [
          { ...line({ price: 1 }), commission_workers: [{ commission_worker: w(2), percentage: 100 }] },
        ],
      },
    ];
    const done = [{ trx_status_id: 3, details: [{ ...line({ price: 1 }), commission_worker: w(3) }] }];
    const status = (id: number) =>
      workerDisplayLabel(
        workerDisplayStatus(id, { now, appointments, openTransactions: [...open, ...done] }),
      );
    expect(status(1)).toBe('Booked - 13:00');
    expect(status(2)).toBe('Working');
    expect(status(3)).toBe('Available');
  });

  it("'Working' if the worker is assigned on any line of a status-2 transaction: single or package detail", () => {
    const now = '2026-03-02 10:00:00';
    const detail = { item_name: 'A', qty: 1, pos_item_package_detail_variants: [] };
    const open = [
      {
        trx_status_id: 2,
        details: [
          { ...line({ price: 1 }), commission_worker: w(4) },
          { ...line({ price: 1 }), business_commission_worker_id: 5 },
          {
            ...line({ price: 1 }),
            pos_item_package_details: [
              { ...detail, business_commission_worker: w(6) },
              { ...detail, commission_workers: [{ commission_worker: w(7), percentage: 50 }] },
            ],
          },
        ],
      },
    ];
    const status = (id: number) =>
      workerDisplayLabel(workerDisplayStatus(id, { now, appointments: [], openTransactions: open }));
    expect([4, 5, 6, 7, 8].map(status)).toEqual(['Working', 'Working', 'Working', 'Working', 'Available']);
  });

  it('a worker’s commission = net value × commission_percentage × share (ruling 21)', () => {
    expect(
      workerCommission({ netValue: 200000, qty: 1, commission_percentage: 10, sharePercentage: 50 }),
    ).toBe(10000);
    expect(workerCommission({ netValue: 200000, qty: 2, commission_value: 5000, sharePercentage: 100 })).toBe(
      10000,
    );
  });
});
