// The printer's paper sensor (issue 29: "out of paper"): ESC/POS real-time status DLE EOT 4 asks for the
// roll sensor; the answer is one byte with bits 1 and 4 set and bits 0 and 7 clear, bits 2–3 set when the
// roll is near its end and bits 5–6 set when it has run out. Pure: the transport sends and listens.

/** DLE EOT 4: transmit the paper roll sensor status. */
export const PAPER_STATUS_QUERY: readonly number[] = [0x10, 0x04, 0x04];

export type PaperStatus = 'ok' | 'near-end' | 'end';

/** The roll's state from the printer's answer byte; null for a byte that is not a DLE EOT 4 answer. */
export const readPaperStatus = (byte: number): PaperStatus | null => {
  if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) return null;
  if ((byte & 0x93) !== 0x12) return null;
  if (byte & 0x60) return 'end';
  if (byte & 0x0c) return 'near-end';
  return 'ok';
};
