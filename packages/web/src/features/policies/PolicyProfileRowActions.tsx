// The actions of one policy profile row: open, copy, export as JSON, delete (after a confirm), as permissions allow.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { crudMessages } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { downloadJson, safeFileName } from '../../components/download.ts';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { copyPolicyProfile, deletePolicyProfile, exportPolicyProfile, type PolicyProfile } from './policies-api.ts';
import { policyProfileEditPath } from './policy-format.ts';
import type { PolicyAccess } from './policy-access.ts';
import { usePolicyProfileRefresh } from './use-policy-profile-cache.ts';

const MESSAGES = crudMessages('scan_profile');

export function PolicyProfileRowActions({ profile, access }: { profile: PolicyProfile; access: PolicyAccess }) {
  const navigate = useNavigate();
  const refresh = usePolicyProfileRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function copy() {
    try {
      const created = await copyPolicyProfile(profile.id);
      toastSuccess(MESSAGES.created);
      await refresh();
      void navigate(policyProfileEditPath(created.id));
    } catch (error) {
      toastFailure(error, MESSAGES.createFailed);
    }
  }

  async function download() {
    try {
      downloadJson(await exportPolicyProfile(profile.id), safeFileName(profile.name, 'json'));
    } catch (error) {
      toastFailure(error, 'Cannot export scan profile.');
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deletePolicyProfile(profile.id);
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
          <Menu.Item component={Link} to={policyProfileEditPath(profile.id)}>
            {access.update && !profile.builtin ? 'Edit' : 'View'}
          </Menu.Item>
          {access.create && <Menu.Item onClick={() => void copy()}>Copy</Menu.Item>}
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
        title="Delete the policy profile?"
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
