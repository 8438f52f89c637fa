// The actions of one network profile row: open (edit or view), copy, export as JSON, delete (own profiles only).
import { useQueryClient } from '@tanstack/react-query';
import type { NetworkProfile } from '@bulwark/core';
import { ProfileActionsMenu } from './ProfileActionsMenu.tsx';
import { copyProfile, deleteProfile, exportProfile } from './profiles-api.ts';
import { PROFILE_KEYS } from './profile-queries.ts';
import { profileEditPath } from './profile-form.ts';

const ALL = { create: true, update: true, delete: true };

export function ProfileRowActions({ profile }: { profile: NetworkProfile }) {
  const queryClient = useQueryClient();
  return (
    <ProfileActionsMenu
      profile={profile}
      access={ALL}
      noun="scan profile"
      editPath={profileEditPath}
      copy={copyProfile}
      exportJson={exportProfile}
      remove={deleteProfile}
      refresh={() => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all })}
    />
  );
}
