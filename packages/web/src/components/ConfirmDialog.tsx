// The one confirmation dialog (focus-trapped modal) for actions that cannot be undone: cancel a scan, delete a profile,
// delete the selected runs. It stays open, and cannot be dismissed, while the action runs.
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are. */
  cancelLabel?: string;
  /** The action is running (when the caller tracks it; an onConfirm that returns a promise is tracked here). */
  busy?: boolean;
  /** Colour of the confirm button; red for destructive actions. */
  color?: string;
  onConfirm(): void | Promise<unknown>;
  onClose(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, cancelLabel = 'Keep it', color = 'red', onConfirm, onClose } = props;
  const [running, setRunning] = useState(false);
  const busy = props.busy || running;

  function confirm() {
    const result = onConfirm();
    if (result instanceof Promise) {
      setRunning(true);
      void result.finally(() => setRunning(false));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      centered
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
