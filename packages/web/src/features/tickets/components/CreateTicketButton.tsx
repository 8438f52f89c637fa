// "Create ticket" for the vulnerability list (one, a selection, or the current filter), the issue page and the asset
// page: a dialog with the create form; one ticket made opens it, several open the ticket list. Shown only to users who
// may create tickets; with unified-remediation off the tickets are legacy tickets and open on the legacy screens.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, type ButtonProps } from '@mantine/core';
import { useTicketAccess } from '../ticket-access.ts';
import { LEGACY_TICKETS_PATH, TICKETS_PATH, legacyTicketEditPath, ticketViewPath } from '../ticket-format.ts';
import { CreateTicketForm, type TicketSource } from './CreateTicketForm.tsx';

export function CreateTicketButton({
  source,
  label = 'Create ticket',
  onDone,
  ...button
}: { source: TicketSource; label?: string; onDone?(): void } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const access = useTicketAccess();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!access.create) return null;
  return (
    <>
      <Button variant="light" {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Create ticket" size="lg">
        <CreateTicketForm
          source={source}
          legacy={!access.unified}
          onCancel={() => setOpen(false)}
          onCreated={(created) => {
            setOpen(false);
            onDone?.();
            const one = created.length === 1 ? created[0]! : null;
            if (one) void navigate(access.unified ? ticketViewPath(one.uuid) : legacyTicketEditPath(one.id));
            else if (created.length > 1) void navigate(access.unified ? TICKETS_PATH : LEGACY_TICKETS_PATH);
          }}
        />
      </Modal>
    </>
  );
}
