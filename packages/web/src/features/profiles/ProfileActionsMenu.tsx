// The actions menu of one profile row, for network and policy profiles alike: open (edit or view), copy, export as
// JSON, delete after a confirm — each as the caller's permissions allow; built-in profiles are viewed, never deleted.
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { crudMessages } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { downloadJson, safeFileName } from '../../components/download.ts';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { useCopyProfile } from './use-copy-profile.ts';

const MESSAGES = crudMessages('scan_profile');

export interface ProfileActionsProps {
  profile: { id: number; name: string; builtin: boolean };
  /** What the caller may do (a network profile's row shows every action). */
  access: { create: boolean; update: boolean; delete: boolean };
  /** "scan profile", "policy profile": the confirm dialog's title. */
  noun: string;
  editPath: (id: number) => string;
  copy: (id: number) => Promise<{ id: number }>;
  exportJson: (id: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Refreshes the lists after a copy or a delete. */
  refresh: () => Promise<unknown>;
}

export function ProfileActionsMenu({ profile, access, noun, editPath, copy, exportJson, remove, refresh }: ProfileActionsProps) {
  const { copyProfile } = useCopyProfile({ copy, refresh, editPath });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function download() {
    try {
      downloadJson(await exportJson(profile.id), safeFileName(profile.name, 'json'));
    } catch (error) {
      toastFailure(error, 'Cannot export scan profile.');
    }
  }

  async function removeIt() {
    setBusy(true);
    try {
      await remove(profile.id);
      toastSuccess(MESSAGES.deleted);
      setConfirming(false);
      await refresh();
    } catch (error) {
      toastFailure(error, MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  }

  const deletable = access.delete && !profile.builtin;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${profile.name}`}>
            <span aria-hidden>⋯</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={editPath(profile.id)}>
            {access.update && !profile.builtin ? 'Edit' : 'View'}
          </Menu.Item>
          {access.create && <Menu.Item onClick={() => void copyProfile(profile.id)}>Copy</Menu.Item>}
          <Menu.Item onClick={() => void download()}>Export</Menu.Item>
          {deletable && (
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
        title={`Delete the ${noun}?`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void removeIt()}
        onClose={() => setConfirming(false)}
      >
        “{profile.name}” is deleted for good. A profile that scans still use cannot be deleted.
      </ConfirmDialog>
    </>
  );
}
