// A minimal streaming ZIP writer (issue 27's brand export; no zip library is installed): STORE method (no
// compression), each entry's CRC-32 and sizes in a data descriptor after its data (general purpose bit 3), so an
// entry is written as its chunks arrive and nothing is held but the central directory (one small record per
// file). ZIP32 only: each entry and the whole archive below 4 GiB, at most 65,535 entries (checked).

import { crc32 } from './crc32';

export { crc32 };

const LIMIT = 0xffffffff;

/** DOS date and time of a Date (local fields; ZIP has no zone). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: (Math.max(0, d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * Yields the bytes of a ZIP holding `entries` in order; each entry's content is an async iterable of chunks
 * (strings are UTF-8). Consumed lazily: the next chunk is read when the previous one was taken.
 */
export async function* zipStream(
  entries: AsyncIterable<{ name: string; content: AsyncIterable<string | Uint8Array> }>,
  modified = new Date(),
): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  const { time, date } = dosTime(modified);
  for await (const entry of entries) {
    if (++count > 0xffff) throw new Error('zip: too many entries');
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0808, 6); // bit 3: sizes in the data descriptor; bit 11: UTF-8 names
    local.writeUInt16LE(0, 8); // STORE
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // crc and sizes 0 here (bit 3)
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const start = offset;
    yield local;
    yield name;
    offset += local.length + name.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of entry.content) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
      if (buf.length === 0) continue;
      crc = crc32(buf, crc);
      size += buf.length;
      if (size > LIMIT) throw new Error('zip: entry too large');
      yield buf;
    }
    offset += size;
    const desc = Buffer.alloc(16);
    desc.writeUInt32LE(0x08074b50, 0);
    desc.writeUInt32LE(crc, 4);
    desc.writeUInt32LE(size, 8);
    desc.writeUInt32LE(size, 12);
    yield desc;
    offset += desc.length;
    if (offset > LIMIT) throw new Error('zip: archive too large');
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4); // made by
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0808, 8);
    c.writeUInt16LE(0, 10);
    c.writeUInt16LE(time, 12);
    c.writeUInt16LE(date, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(size, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(start, 42);
    central.push(c, name);
  }
  const dir = Buffer.concat(central);
  yield dir;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}
