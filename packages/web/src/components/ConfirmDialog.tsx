// A small confirmation dialog (focus-trapped modal) for actions that cannot be undone: cancel a scan, delete a profile.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Colour of the confirm button; red for destructive actions. */
  color?: string;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({ opened, title, children, confirmLabel, busy, color = 'red', onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
