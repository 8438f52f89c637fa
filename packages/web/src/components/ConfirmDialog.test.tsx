// The one confirm dialog: asks before an action that cannot be undone, and cannot be dismissed while the action runs.
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { renderWithApp } from '../../test/support/render.tsx';

function Asking({ onConfirm, cancelLabel }: { onConfirm(): void | Promise<unknown>; cancelLabel?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete profile</Button>
      <ConfirmDialog
        opened={open}
        title="Delete the scan profile?"
        confirmLabel="Delete"
        cancelLabel={cancelLabel}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        <p>“Weekly sweep” is deleted for good.</p>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks, with the safe choice focused, and does nothing when the user keeps it', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithApp(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the scan profile?' });
    expect(dialog).toHaveTextContent('“Weekly sweep” is deleted for good.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action on confirm, busy and not to be dismissed until it has ended', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWithApp(<Asking onConfirm={onConfirm} cancelLabel="Cancel" />);
    await user.click(screen.getByRole('button', { name: 'Delete profile' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete the scan profile?' })).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
