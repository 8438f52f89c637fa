// Copying a profile (network or policy) from its row or its page: the copy made, the lists refreshed, the copy opened
// in its editor; a toast either way. One place for the flow the profile pages and menus share.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { crudMessages } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';

const MESSAGES = crudMessages('scan_profile');

export interface CopyProfileOptions {
  copy: (id: number) => Promise<{ id: number }>;
  refresh: () => Promise<unknown>;
  editPath: (id: number) => string;
}

export function useCopyProfile({ copy, refresh, editPath }: CopyProfileOptions): {
  copying: boolean;
  copyProfile: (id: number) => Promise<void>;
} {
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  async function copyProfile(id: number) {
    setCopying(true);
    try {
      const created = await copy(id);
      toastSuccess(MESSAGES.created);
      await refresh();
      void navigate(editPath(created.id));
    } catch (failure) {
      toastFailure(failure, MESSAGES.createFailed);
    } finally {
      setCopying(false);
    }
  }
  return { copying, copyProfile };
}
