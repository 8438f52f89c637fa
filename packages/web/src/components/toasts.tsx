// Shows the toasts of §8 (core's catalogue: kinds, texts, 2.5 s) with Mantine notifications.
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAlreadyReported, messageOf } from '../api/errors.ts';
import { TIMEOUT_RELOAD_TOAST, TIMEOUT_TOAST, toast, type Toast, type ToastKind } from '@bulwark/core';

const COLORS: Record<ToastKind, string> = {
  success: 'teal',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
  ongoing: 'blue',
};

function body(t: Toast) {
  if (!t.action && !t.caption) return t.message;
  return (
    <Stack gap={6} align="flex-start">
      {t.caption && <Text size="sm">{t.caption}</Text>}
      {t.action === 'reload' && (
        <Button size="compact-sm" variant="light" onClick={() => window.location.reload()}>
          Reload
        </Button>
      )}
    </Stack>
  );
}

/** Shows a core toast: message as the title line when there is a caption or action, else as the text. */
export function showToast(t: Toast, id?: string): string {
  const titled = Boolean(t.caption || t.action);
  return notifications.show({
    id,
    color: COLORS[t.kind],
    loading: t.kind === 'ongoing',
    title: titled ? t.message : undefined,
    message: body(t),
    autoClose: t.autoCloseMs,
    'data-toast-kind': t.kind,
  });
}

export const toastSuccess = (message: string): string => showToast(toast('success', message));
export const toastError = (message: string): string => showToast(toast('error', message));

/** The error toast of a failed call (§7), unless the client already reported it (timeout warning, lost session). */
export function toastFailure(error: unknown, fallback: string): void {
  if (!isAlreadyReported(error)) toastError(messageOf(error, fallback));
}
export const toastInfo = (message: string): string => showToast(toast('info', message));

const TIMEOUT_ID = 'server-timeout';

/** 'The server took too long to respond' / 'If the problem persists, contact support.' for 2.5 s. */
export function showTimeoutWarning(): void {
  notifications.hide(TIMEOUT_ID);
  showToast(TIMEOUT_TOAST, TIMEOUT_ID);
}

/** The data layer's reading: the same warning with a Reload action, until dismissed. */
export function showTimeoutReloadWarning(): void {
  notifications.hide(TIMEOUT_ID);
  showToast(TIMEOUT_RELOAD_TOAST, TIMEOUT_ID);
}
