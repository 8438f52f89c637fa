// The actions of the policy profile list: import an exported policy profile (a JSON file) and create a new one.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, FileButton, Group } from '@mantine/core';
import { crudMessages } from '@bulwark/core';
import { toastError, toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { parseImportFile } from '../profiles/profile-form.ts';
import { importPolicyProfile } from './policies-api.ts';
import { policyProfileEditPath } from './policy-format.ts';
import { usePolicyProfileRefresh } from './use-policy-profile-cache.ts';

const MESSAGES = crudMessages('scan_profile');

export function PolicyProfileActions({ canCreate }: { canCreate: boolean }) {
  const navigate = useNavigate();
  const refresh = usePolicyProfileRefresh();
  const [importing, setImporting] = useState(false);
  if (!canCreate) return null;

  async function importFile(file: File | null) {
    if (!file) return;
    const parsed = parseImportFile(await file.text());
    if ('error' in parsed) {
      toastError(parsed.error);
      return;
    }
    setImporting(true);
    try {
      const created = await importPolicyProfile(parsed.data);
      toastSuccess(MESSAGES.created);
      await refresh();
      void navigate(policyProfileEditPath(created.id));
    } catch (failure) {
      toastFailure(failure, 'Cannot import policy profile.');
    } finally {
      setImporting(false);
    }
  }

  return (
    <Group gap="xs">
      <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
        {(props) => (
          <Button {...props} variant="default" loading={importing}>
            Import profile
          </Button>
        )}
      </FileButton>
      <Button component={Link} to={policyProfileEditPath('new')}>
        New policy profile
      </Button>
    </Group>
  );
}
