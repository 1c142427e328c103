// CRC-32 (IEEE 802.3, the one gzip and ZIP both use), table-driven; one copy for the gzip splicer and the
// ZIP writer.
import * as zlib from 'node:zlib';

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** Node's own (C) CRC-32 where it has one (20.15+, 22.2+): the brand export's ZIP runs it over every byte. */
const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** CRC-32 of `bytes`, continuing from `crc` (0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  if (native) return native(bytes, crc);
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
