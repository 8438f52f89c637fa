// The actions of one profile row: open (edit or view), copy, export as JSON, delete (own profiles only, after a confirm).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, type NetworkProfile } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { downloadJson, safeFileName } from '../../components/download.ts';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { copyProfile, deleteProfile, exportProfile } from './profiles-api.ts';
import { PROFILE_KEYS } from './profile-queries.ts';
import { profileEditPath } from './profile-form.ts';

const MESSAGES = crudMessages('scan_profile');

export function ProfileRowActions({ profile }: { profile: NetworkProfile }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function copy() {
    try {
      const created = await copyProfile(profile.id);
      toastSuccess(MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all });
      void navigate(profileEditPath(created.id));
    } catch (error) {
      toastFailure(error, MESSAGES.createFailed);
    }
  }

  async function download() {
    try {
      downloadJson(await exportProfile(profile.id), safeFileName(profile.name, 'json'));
    } catch (error) {
      toastFailure(error, 'Cannot export scan profile.');
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteProfile(profile.id);
      toastSuccess(MESSAGES.deleted);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all });
    } catch (error) {
      toastFailure(error, MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${profile.name}`}>
            <span aria-hidden>⋯</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={profileEditPath(profile.id)}>
            {profile.builtin ? 'View' : 'Edit'}
          </Menu.Item>
          <Menu.Item onClick={() => void copy()}>Copy</Menu.Item>
          <Menu.Item onClick={() => void download()}>Export</Menu.Item>
          {!profile.builtin && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => setConfirming(true)}>
                Delete
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title="Delete the scan profile?"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        “{profile.name}” is deleted for good. A profile that scans still use cannot be deleted.
      </ConfirmDialog>
    </>
  );
}
