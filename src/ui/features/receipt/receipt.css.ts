// The receipt's stylesheet: plain CSS so a 70-line receipt renders fast and prints the same.
// On screen the paper sits centred on a grey desk; in print only the paper prints (no app chrome).
import { PAPER_WIDTH_MM, PRINT_HOST_CLASS, PRINTING_CLASS } from './print';

export const receiptCss = `
.rc-desk { min-height: 100dvh; background: #e9ecef; padding: 16px 8px 96px; box-sizing: border-box; }
/* Inside the app layout (post-edit): no full-height desk. */
.rc-desk-inline { min-height: 0; padding-bottom: 16px; }
.rc-paper { background: #fff; color: #000; margin: 0 auto; padding: 4mm; box-sizing: content-box;
  font: 12px/1.35 'Courier New', ui-monospace, monospace; box-shadow: 0 1px 4px rgba(0,0,0,.2); }
.rc-paper[data-paper="8cm"] { width: ${PAPER_WIDTH_MM['8cm']}mm; }
.rc-paper[data-paper="6cm"] { width: ${PAPER_WIDTH_MM['6cm']}mm; font-size: 10.5px; }
.rc-page + .rc-page { margin-top: 6mm; padding-top: 4mm; border-top: 1px dashed #000; }
.rc-center { text-align: center; }
.rc-brand { font-size: 1.35em; font-weight: 700; }
.rc-logo { max-width: 60%; max-height: 24mm; display: block; margin: 0 auto 2mm; }
.rc-banner { text-align: center; font-weight: 700; font-size: 1.15em; letter-spacing: .05em; margin: 1mm 0; }
.rc-rule { border: 0; border-top: 1px dashed #000; margin: 2mm 0; }
.rc-row { display: flex; justify-content: space-between; gap: 2mm; }
.rc-row > :first-child { overflow-wrap: anywhere; }
.rc-row > :last-child { white-space: nowrap; text-align: right; }
.rc-strong { font-weight: 700; font-size: 1.1em; }
.rc-section { font-weight: 700; margin: 1.5mm 0 .5mm; }
.rc-item { margin: .8mm 0; break-inside: avoid; }
.rc-name { font-weight: 600; }
.rc-name[role="button"] { cursor: pointer; text-decoration: underline dotted; }
.rc-sub { padding-left: 3mm; font-size: .92em; overflow-wrap: anywhere; }
.rc-row.rc-part { padding-left: 3mm; font-size: .92em; }
.rc-empty { text-align: center; padding: 4mm 0; }
.rc-big { text-align: center; font-size: 3.2em; font-weight: 800; line-height: 1.1; margin-top: 2mm; }
.rc-footer { text-align: center; white-space: pre-line; margin-top: 2mm; }
.${PRINT_HOST_CLASS} { position: fixed; left: -10000px; top: 0; }
.rc-actions { position: fixed; left: 0; right: 0; bottom: 0; display: flex; gap: 12px; justify-content: center;
  padding: 12px; background: rgba(255,255,255,.95); border-top: 1px solid #dee2e6; }
/* Plain buttons (the public receipt loads no Mantine): the theme's brand green and Mantine's lg size. */
.rc-btn { min-width: 140px; height: 50px; padding: 0 26px; border-radius: 8px; font: 600 18px/1 system-ui, sans-serif;
  cursor: pointer; border: 1px solid #ced4da; background: #fff; color: #212529; }
.rc-btn:focus-visible { outline: 2px solid #087f5b; outline-offset: 2px; }
.rc-btn-primary { min-width: 160px; border-color: #087f5b; background: #087f5b; color: #fff; }
.rc-btn-primary:hover { background: #066649; }
.rc-btn[aria-busy="true"] { opacity: .7; cursor: progress; }
.rc-print-failed { max-width: 480px; margin: 12px auto 90px; padding: 12px 16px; border: 1px solid #c92a2a; border-radius: 8px;
  background: #fff5f5; color: #8a1c1c; font: 500 16px/1.4 system-ui, sans-serif; text-align: center; }
.rc-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.rc-status { min-height: 100dvh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 16px; padding: 16px; box-sizing: border-box; text-align: center; font: 16px/1.5 system-ui, sans-serif; }
@media print {
  html, body { background: #fff !important; margin: 0 !important; }
  .rc-desk { padding: 0; background: #fff; min-height: 0; }
  .rc-paper { box-shadow: none; margin: 0; }
  .rc-page + .rc-page { break-before: page; margin-top: 0; border-top: 0; }
  .rc-noprint, .mantine-Notifications-root { display: none !important; }
  /* printAlone: only the copy of the paper prints, not the screen it was shown in. */
  html.${PRINTING_CLASS} body > :not(.${PRINT_HOST_CLASS}) { display: none !important; }
  html.${PRINTING_CLASS} .${PRINT_HOST_CLASS} { position: static; }
}
`;
