// The network scan's profiles in the generic profile pages: its form, its "Kind" column (built-in or own), its cache
// keys and the words of its pages. Every network profile action is open to whoever reaches the page (net_scans).
import { Badge } from '@mantine/core';
import { NETWORK_SCAN_KIND, type NetworkProfile } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { profileApi } from './profile-api.ts';
import { NEW_PROFILE, parseProfileId, profileEditPath, profileInput, profileValues, type ProfileValues } from './profile-form.ts';
import type { ProfileAccess, ProfileKindUi } from './profile-kind.ts';
import { PROFILE_KEYS, PROFILES_PAGE_SIZE } from './profile-queries.ts';
import type { NetworkProfileInput } from './profiles-api.ts';
import { ProfileForm } from './ProfileForm.tsx';

const ALL: ProfileAccess = { read: true, create: true, update: true, delete: true };

const KIND_COLUMN: DataColumn<NetworkProfile> = {
  key: 'kind',
  header: 'Kind',
  hideable: true,
  cell: (profile) =>
    profile.builtin ? (
      <Badge variant="light">Built-in</Badge>
    ) : (
      <Badge variant="light" color="gray">
        Own
      </Badge>
    ),
};

export const NETWORK_PROFILE_UI: ProfileKindUi<NetworkProfile, ProfileValues, NetworkProfileInput> = {
  kind: NETWORK_SCAN_KIND,
  api: profileApi(NETWORK_SCAN_KIND),
  oneKey: PROFILE_KEYS.one,
  listKey: PROFILE_KEYS.list,
  refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all }),
  refreshAfterSave: (queryClient) => queryClient.invalidateQueries({ queryKey: [...PROFILE_KEYS.all, 'list'] }),
  useAccess: () => ALL,
  editPath: profileEditPath,
  parseId: parseProfileId,
  values: profileValues,
  input: profileInput,
  newValues: NEW_PROFILE,
  Form: ProfileForm,
  columns: [KIND_COLUMN],
  list: {
    id: 'scan-profiles',
    caption: 'Scan profiles',
    filterLabel: 'Filter scan profiles',
    pageSize: PROFILES_PAGE_SIZE,
    errorMessage: 'The profiles could not be loaded. Reload the page to try again.',
    loadingLabel: 'Loading profiles…',
    empty: (filtered) => ({
      title: filtered ? 'No profile matches this search.' : 'No profiles yet. Create one, or import an exported profile.',
    }),
    nouns: ['profiles', 'profile'],
  },
  texts: {
    back: 'Scan profiles',
    loading: 'Loading the profile…',
    builtinNote: 'A built-in profile: copy it to change it.',
    newTitle: 'New scan profile',
    importLabel: 'Import',
    newLabel: 'New profile',
    importFailed: 'Cannot import scan profile.',
  },
};
