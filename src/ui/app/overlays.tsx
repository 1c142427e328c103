// The dialogs' and the notifications' hosts (Mantine's ModalsProvider and Notifications), loaded as their
// own chunk next to the app: the screens call `modals.*` and `notifications.*` (components/feedback.tsx),
// which reach these hosts through Mantine's store and window events, not through React context, so the
// hosts need not wrap the pages. The Modal (with its ScrollArea and floating-ui) stays out of the
// JavaScript the sign-in page waits for.
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

export const CONFIRM_LABELS = { confirm: 'Ya', cancel: 'Tidak' };

export function Overlays() {
  return (
    <>
      <ModalsProvider labels={CONFIRM_LABELS} />
      {/* Top centre: on the cashier screen the top-right corner holds Simpan / Hapus and modal close buttons. */}
      <Notifications position="top-center" />
    </>
  );
}
