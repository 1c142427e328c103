// Printing a receipt (000 §2; GUIDE §5): the paper width from the device setting (8 cm / 6 cm), no
// app chrome, and one page exactly as long as the receipt so a long receipt (70 lines) prints whole
// on a roll printer instead of being cut at a sheet's height.
export type PaperSize = '8cm' | '6cm';

/** Printable width per paper (a roll's print head is narrower than the roll). */
export const PAPER_WIDTH_MM: Record<PaperSize, number> = { '8cm': 72, '6cm': 52 };
export const PAPER_ROLL_MM: Record<PaperSize, number> = { '8cm': 80, '6cm': 58 };

const PX_PER_MM = 96 / 25.4;
const STYLE_ID = 'serambi-receipt-page';
/** While printAlone runs: the copy of the paper (class) and the page's mark (class on <html>). */
export const PRINT_HOST_CLASS = 'rc-print-host';
export const PRINTING_CLASS = 'rc-printing';

/** The @page rule for a receipt of `heightPx` CSS pixels on one roll page. */
export const pageRule = (paper: PaperSize, heightPx: number): string => {
  const heightMm = Math.max(50, Math.ceil(heightPx / PX_PER_MM) + 8);
  return `@page { size: ${PAPER_ROLL_MM[paper]}mm ${heightMm}mm; margin: 0; }`;
};

/**
 * Sets the @page rule from the receipt's measured height (the tallest printed page: the receipt or
 * its order-detail page). Returns the rule (the bench and tests read it).
 */
export function preparePrint(root: HTMLElement, paper: PaperSize): string {
  const pages = Array.from(root.querySelectorAll<HTMLElement>('[data-receipt-page]'));
  const height = pages.length ? Math.max(...pages.map((p) => p.scrollHeight)) : root.scrollHeight;
  const rule = pageRule(paper, height);
  let style = document.getElementById(STYLE_ID) as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = rule;
  return rule;
}

/** Whether the receipt's images (the logo) are loaded, so a print shows them. */
export function imagesReady(root: HTMLElement): Promise<void> {
  const pending = Array.from(root.querySelectorAll('img')).filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** Prints the receipt: page size first, then the browser's print dialog. */
export async function printReceipt(root: HTMLElement, paper: PaperSize): Promise<void> {
  await imagesReady(root);
  preparePrint(root, paper);
  window.print();
}

/**
 * Prints a receipt shown inside another screen (the cashier's previews, steps 5–7): a copy of the
 * paper is the only thing on the printed page (receipt.css hides the rest while <html> carries
 * PRINTING_CLASS), with the same @page size as the receipt page. Resolves once the dialog is closed.
 */
export async function printAlone(root: HTMLElement, paper: PaperSize): Promise<void> {
  await imagesReady(root);
  const host = document.createElement('div');
  host.className = PRINT_HOST_CLASS;
  host.appendChild(root.cloneNode(true));
  document.body.appendChild(host);
  document.documentElement.classList.add(PRINTING_CLASS);
  try {
    preparePrint(host, paper);
    window.print();
  } finally {
    host.remove();
    document.documentElement.classList.remove(PRINTING_CLASS);
  }
}
