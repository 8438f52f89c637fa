// The actions of one profile row of any scan kind: open (edit or view), copy, export as JSON, delete, as permissions allow.
import { useQueryClient } from '@tanstack/react-query';
import { ProfileActionsMenu } from './ProfileActionsMenu.tsx';
import type { ProfileAccess, ProfileKindUi, ProfileRowBase } from './profile-kind.ts';

export function ScanProfileRowActions<P extends ProfileRowBase, V, I>({
  ui,
  profile,
  access,
}: {
  ui: ProfileKindUi<P, V, I>;
  profile: P;
  access: ProfileAccess;
}) {
  const queryClient = useQueryClient();
  return (
    <ProfileActionsMenu
      profile={profile}
      access={access}
      noun={ui.kind.labels.profile}
      editPath={ui.editPath}
      copy={ui.api.copy}
      exportJson={ui.api.exportJson}
      remove={ui.api.remove}
      refresh={() => ui.refresh(queryClient)}
    />
  );
}
