// A decoder of our own (test code, issue 29): ESC/POS bytes back into what a printer would put on paper —
// lines of text (bold, double size), raster images, QR codes, cuts and drawer pulses. It knows the
// commands our encoder sends and throws on any other, so an unexpected command fails the test.
import CodepageEncoder from '@point-of-sale/codepage-encoder';

export type Printed =
  | { kind: 'text'; text: string; bold: boolean; big: boolean }
  | { kind: 'image'; width: number; height: number; bits: Uint8Array }
  | { kind: 'qr'; value: string }
  | { kind: 'cut' }
  | { kind: 'pulse'; pin: number; on: number; off: number };

/** ESC t n of the Epson mapping, the code pages our setting offers. */
const CODEPAGES: Record<number, string> = { 0: 'cp437', 2: 'cp850', 19: 'cp858', 16: 'windows1252' };
const tables = new Map<number, number[]>();
const codepoints = (n: number): number[] => {
  const name = CODEPAGES[n];
  if (!name) throw new Error(`code page ${n} unknown to the decoder`);
  let t = tables.get(n);
  if (!t) {
    t = CodepageEncoder.getCodepoints(name as never, true);
    tables.set(n, t);
  }
  return t;
};

export function decodeEscPos(bytes: Uint8Array): Printed[] {
  const out: Printed[] = [];
  let i = 0;
  let codepage = 0;
  let bold = false;
  let big = false;
  let text = '';
  let lineBold = false;
  let lineBig = false;
  let open = false;
  const endLine = () => {
    out.push({ kind: 'text', text, bold: lineBold, big: lineBig });
    text = '';
    open = false;
  };
  const qr: number[] = [];
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const at = (k: number) => bytes[i + k] as number;
    if (b === 0x0a) {
      endLine();
      i++;
    } else if (b === 0x0d) i++;
    else if (b === 0x1b) {
      const c = at(1);
      if (c === 0x40)
        i += 2; // ESC @ initialise
      else if (c === 0x4d || c === 0x61 || c === 0x32)
        i += c === 0x32 ? 2 : 3; // font, align, spacing
      else if (c === 0x33) i += 3;
      else if (c === 0x45) {
        bold = at(2) === 1;
        i += 3;
      } else if (c === 0x74) {
        codepage = at(2);
        codepoints(codepage);
        i += 3;
      } else if (c === 0x70) {
        out.push({ kind: 'pulse', pin: at(2), on: at(3) * 2, off: at(4) * 2 });
        i += 5;
      } else throw new Error(`ESC 0x${c.toString(16)} at ${i}`);
    } else if (b === 0x1c && at(1) === 0x2e)
      i += 2; // FS . cancel Kanji
    else if (b === 0x1d) {
      const c = at(1);
      if (c === 0x21) {
        big = at(2) !== 0;
        i += 3;
      } else if (c === 0x56) {
        if (open) endLine();
        out.push({ kind: 'cut' });
        i += at(2) >= 65 ? 4 : 3;
      } else if (c === 0x76 && at(2) === 0x30) {
        const wBytes = at(4) + at(5) * 256;
        const height = at(6) + at(7) * 256;
        const bits = bytes.slice(i + 8, i + 8 + wBytes * height);
        out.push({ kind: 'image', width: wBytes * 8, height, bits });
        i += 8 + wBytes * height;
      } else if (c === 0x28 && at(2) === 0x6b) {
        const len = at(3) + at(4) * 256;
        const fn = at(6);
        if (fn === 0x50) qr.push(...bytes.slice(i + 8, i + 5 + len));
        if (fn === 0x51) {
          out.push({ kind: 'qr', value: String.fromCharCode(...qr) });
          qr.length = 0;
        }
        i += 5 + len;
      } else throw new Error(`GS 0x${c.toString(16)} at ${i}`);
    } else if (b < 0x20) throw new Error(`control 0x${b.toString(16)} at ${i}`);
    else {
      if (!open) {
        open = true;
        lineBold = bold;
        lineBig = big;
      }
      text += b < 0x80 ? String.fromCharCode(b) : String.fromCodePoint(codepoints(codepage)[b] ?? 0xfffd);
      i++;
    }
  }
  if (open) endLine();
  return out;
}

/** The printed lines' text (empty feed lines and rules left out). */
export const printedText = (printed: Printed[]): string[] =>
  printed
    .filter((p): p is Extract<Printed, { kind: 'text' }> => p.kind === 'text')
    .map((p) => p.text)
    .filter((t) => t.trim() !== '' && !/^-+$/.test(t));
