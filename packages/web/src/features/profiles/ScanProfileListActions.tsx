// The actions of a scan kind's profile list: import an exported profile (a JSON file) and create a new one, for users
// who may create the kind's profiles.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, FileButton, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages } from '@bulwark/core';
import { toastError, toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { parseImportFile } from './profile-form.ts';
import type { ProfileKindUi, ProfileRowBase } from './profile-kind.ts';

const MESSAGES = crudMessages('scan_profile');

export function ScanProfileListActions<P extends ProfileRowBase, V, I>({ ui }: { ui: ProfileKindUi<P, V, I> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = ui.useAccess();
  const [importing, setImporting] = useState(false);
  if (!access.create) return null;

  async function importFile(file: File | null) {
    if (!file) return;
    const parsed = parseImportFile(await file.text());
    if ('error' in parsed) {
      toastError(parsed.error);
      return;
    }
    setImporting(true);
    try {
      const created = await ui.api.importJson(parsed.data);
      toastSuccess(MESSAGES.created);
      await ui.refresh(queryClient);
      void navigate(ui.editPath(created.id));
    } catch (failure) {
      toastFailure(failure, ui.texts.importFailed);
    } finally {
      setImporting(false);
    }
  }

  return (
    <Group gap="xs">
      <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
        {(props) => (
          <Button {...props} variant="default" loading={importing}>
            {ui.texts.importLabel}
          </Button>
        )}
      </FileButton>
      <Button component={Link} to={ui.editPath('new')}>
        {ui.texts.newLabel}
      </Button>
    </Group>
  );
}
