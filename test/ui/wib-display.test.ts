// Issue 10 item 5: Home, the completed list and the receipt show WIB on a device set to any zone.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEPARATORS, posTransactionSchema } from '../../src/domain';
import { receiptDateTime, receiptPrintTime } from '../../src/domain/receipt/model';
import { formatDateTime } from '../../src/ui/components/format';
import { completedEntry, timeWithAge } from '../../src/ui/features/pos/step1/model';
import { DEVICE_ZONES, inDeviceZone } from '../device-zone';

// 10:00 WIB on 22 November 2026
const NOW = new Date('2026-11-22T03:00:00Z');

describe.each(DEVICE_ZONES)('on a device set to %s', (zone) => {
  it('the completed list shows the stored WIB time and its true age', () => {
    inDeviceZone(zone, () => {
      const trx = posTransactionSchema.parse({
        local_trx_id: 'a1b2c3d4-0000-4000-8000-000000abcdef',
        trx_type: 'NORMAL',
        trx_status_id: 3,
        trx_local_start_time: '2026-11-22 08:50:00',
        trx_local_end_time: '2026-11-22 09:00:00',
        details: [],
        payments: [],
      });
      const ctx = {
        currency: 'IDR',
        separators: DEFAULT_SEPARATORS,
        qtyDecimalLength: 0,
        now: NOW,
        documentDateEditable: false,
      };
      expect(completedEntry(trx, ctx).time).toBe('Selesai 22 Nov 2026 09:00 (sejam yang lalu)');
      expect(timeWithAge('2026-11-22T01:55:00Z', NOW)).toBe('22 Nov 2026 08:55 (sejam yang lalu)');
    });
  });

  it('the receipt prints WIB', () => {
    inDeviceZone(zone, () => {
      expect(receiptPrintTime(NOW)).toBe('22 Nov 2026 10:00');
      expect(receiptDateTime('2026-11-22 09:00:00')).toEqual({ date: '22 Nov 2026', time: '09:00' });
      expect(receiptDateTime('2026-11-21T17:30:00Z')).toEqual({ date: '22 Nov 2026', time: '00:30' });
    });
  });

  it('Home shows WIB', () => {
    inDeviceZone(zone, () => {
      expect(formatDateTime('2026-11-22 08:00:00')).toBe('22 Nov 2026, 08:00');
      expect(formatDateTime('2026-11-22T01:00:00Z')).toBe('22 Nov 2026, 08:00');
      expect(formatDateTime(null)).toBe('-');
    });
  });
});
