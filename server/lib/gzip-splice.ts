import { constants, deflateRawSync } from 'node:zlib';
import { crc32 } from './crc32';

export { crc32 };

// A gzip answer assembled from pieces compressed at different times: the request's own head, a cached
// middle compressed once (raw deflate, sync-flushed so it ends on a byte boundary and is not final) and the
// end. Deflate blocks do not reach back across a sync flush of a fresh stream (a new compressor only refers
// to its own output), so the pieces concatenate into one valid stream; the CRC-32 of the whole comes from
// the pieces' CRCs (zlib's crc32_combine).

function gf2Times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  let v = vec >>> 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= mat[i];
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, mat: Uint32Array): void {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(mat, mat[n]);
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  let row = 1;
  for (let n = 1; n < 32; n++) {
    odd[n] = row;
    row <<= 1;
  }
  gf2Square(even, odd);
  gf2Square(odd, even);
  let a = crcA >>> 0;
  let len = lengthB;
  do {
    gf2Square(even, odd);
    if (len & 1) a = gf2Times(even, a);
    len = Math.floor(len / 2);
    if (len === 0) break;
    gf2Square(odd, even);
    if (len & 1) a = gf2Times(odd, a);
    len = Math.floor(len / 2);
  } while (len !== 0);
  return (a ^ crcB) >>> 0;
}

/** A middle piece, compressed once: raw deflate ending on a byte boundary, not final. */
export interface DeflatedPiece {
  deflate: Buffer;
  bytes: number;
  crc32: number;
}

export function deflatePiece(text: string): DeflatedPiece {
  const raw = Buffer.from(text, 'utf8');
  return {
    deflate: deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }),
    bytes: raw.length,
    crc32: crc32(raw),
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** One gzip member: head + middle + end, the middle already compressed. */
export function gzipSplice(head: string, middle: DeflatedPiece, end: string): Buffer {
  const h = Buffer.from(head, 'utf8');
  const e = Buffer.from(end, 'utf8');
  const crc = crc32Combine(crc32Combine(crc32(h), middle.crc32, middle.bytes), crc32(e), e.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((h.length + middle.bytes + e.length) % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    deflateRawSync(h, { finishFlush: constants.Z_SYNC_FLUSH }),
    middle.deflate,
    deflateRawSync(e),
    trailer,
  ]);
}
