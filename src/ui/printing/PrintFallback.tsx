// A direct printer that could not print (issue 29): the message and the browser's print in its place.
// Plain elements and the receipt's button styles, so the receipt pages load no Mantine for it.
import { PRINTING_TEXTS } from '../../domain/texts/printing';

export function PrintFallback({
  onBrowserPrint,
  message = PRINTING_TEXTS.failed,
}: {
  onBrowserPrint: () => void;
  message?: string;
}) {
  return (
    <div className="rc-noprint rc-print-failed" role="alert" data-testid="print-fallback">
      <p>{message}</p>
      <button type="button" className="rc-btn rc-btn-primary" onClick={onBrowserPrint}>
        {PRINTING_TEXTS.fallback}
      </button>
    </div>
  );
}
