// The one confirm helper and the notification helper every screen uses (GUIDE §5).
import { Anchor, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** Resolves true on confirm, false on cancel or close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      // The scroll lock injects a style sheet on open and removes it on close: each restyles the
      // whole page (tens of ms on the cashier screen with a large catalogue, bench/tap-to-cart).
      lockScroll: false,
      children:
        typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
      labels: { confirm: options.confirmLabel ?? 'Ya', cancel: options.cancelLabel ?? 'Tidak' },
      confirmProps: { color: options.danger ? 'red' : undefined, size: 'md' },
      cancelProps: { size: 'md' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

export type NotifyKind = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<NotifyKind, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/** A link inside a notification to the screen that resolves what it reports (ruling 24). */
export interface NotifyAction {
  label: string;
  onClick: () => void;
}

let nextActionId = 0;

export function notify(
  kind: NotifyKind,
  message: string,
  options: { id?: string; autoClose?: number | false; action?: NotifyAction } = {},
) {
  const { action } = options;
  // A notice with a link stays until it is used or closed, so there is time to follow it.
  const id = options.id ?? (action ? `notify-action-${++nextActionId}` : undefined);
  const data = {
    message: action ? (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{message}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={() => {
            if (id) notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Anchor>
      </Stack>
    ) : (
      message
    ),
    color: COLORS[kind],
    autoClose: options.autoClose ?? (action ? false : kind === 'error' ? 6000 : 4000),
    withBorder: true,
  };
  if (id) {
    // Same id (e.g. a retry toast) updates in place instead of stacking.
    notifications.hide(id);
    notifications.show({ ...data, id });
  } else notifications.show(data);
}
