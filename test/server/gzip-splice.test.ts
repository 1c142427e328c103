// The gzip answer assembled from pieces (issue 28's config cache): any head, middle and end give one gzip
// stream that inflates to their concatenation, with the right CRC-32 and length (gunzip checks both).
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine, deflatePiece, gzipSplice } from '../../server/lib/gzip-splice';

describe('gzip splice', () => {
  it('inflates to head + middle + end for any texts', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 5000 }), fc.string(), (head, middle, end) => {
        const out = gunzipSync(gzipSplice(head, deflatePiece(middle), end)).toString('utf8');
        expect(out).toBe(head + middle + end);
      }),
      { numRuns: 200 },
    );
  });

  it('combines CRCs like one pass over both', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const both = new Uint8Array([...a, ...b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(both));
      }),
    );
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('splices a megabyte-sized middle (a 20,000-item catalogue is ~16 MB of JSON)', () => {
    const middle = `[${Array.from({ length: 20_000 }, (_, i) => `{"pos_item_id":${i},"item_name":"Item ${i}"}`).join(',')}]`;
    const z = gzipSplice('{"a":', deflatePiece(middle), '}');
    expect(JSON.parse(gunzipSync(z).toString('utf8')).a).toHaveLength(20_000);
  });
});
