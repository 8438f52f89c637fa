// The actions of the network profile list: import an exported profile (a JSON file) and create a new one.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, FileButton, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages } from '@bulwark/core';
import { toastError, toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { importProfile } from './profiles-api.ts';
import { PROFILE_KEYS } from './profile-queries.ts';
import { parseImportFile, profileEditPath } from './profile-form.ts';

const MESSAGES = crudMessages('scan_profile');
const IMPORT_FAILED = 'Cannot import scan profile.';

export function NetworkProfileActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);

  async function importFile(file: File | null) {
    if (!file) return;
    const parsed = parseImportFile(await file.text());
    if ('error' in parsed) {
      toastError(parsed.error);
      return;
    }
    setImporting(true);
    try {
      const created = await importProfile(parsed.data);
      toastSuccess(MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all });
      void navigate(profileEditPath(created.id));
    } catch (failure) {
      toastFailure(failure, IMPORT_FAILED);
    } finally {
      setImporting(false);
    }
  }

  return (
    <Group gap="xs">
      <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
        {(props) => (
          <Button {...props} variant="default" loading={importing}>
            Import
          </Button>
        )}
      </FileButton>
      <Button component={Link} to={profileEditPath('new')}>
        New profile
      </Button>
    </Group>
  );
}
