// The export's ZIP writer (server/lib/zip-stream.ts): the system's `unzip -t` and Python's zipfile read what it
// writes, byte for byte, including an empty entry, a UTF-8 name and an entry of many chunks; CRC-32 known values.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zipStream } from '../../server/lib/zip-stream';

async function* chunks(parts: string[]) {
  for (const p of parts) yield p;
}
async function* entries(list: { name: string; parts: string[] }[]) {
  for (const e of list) yield { name: e.name, content: chunks(e.parts) };
}

describe('streaming STORE zip', () => {
  it('crc32 of known strings', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from(''))).toBe(0);
    const whole = crc32(Buffer.from('hello world'));
    expect(crc32(Buffer.from(' world'), crc32(Buffer.from('hello')))).toBe(whole);
  });

  it('unzip -t and python zipfile read it back exactly', async () => {
    const big = Array.from({ length: 2000 }, (_, i) => `${i},baris ke-${i},"x"\n`);
    const list = [
      { name: 'customers.csv', parts: ['id,name\n', '1,Ayu\n', '2,Budi\n'] },
      { name: 'kosong.csv', parts: [] },
      { name: 'penjualan-é.csv', parts: big },
    ];
    const out: Buffer[] = [];
    for await (const b of zipStream(entries(list))) out.push(b);
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const file = join(dir, 'x.zip');
    writeFileSync(file, Buffer.concat(out));
    expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    const py = `import zipfile,json,sys
z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
print(json.dumps({i.filename: z.read(i).decode('utf8') for i in z.infolist()}))`;
    const read = JSON.parse(execFileSync('python3', ['-c', py, file]).toString());
    expect(read).toEqual(Object.fromEntries(list.map((e) => [e.name, e.parts.join('')])));
  });
});
