// The cloud scan's profiles in the generic profile pages: its form, its columns (provider, regions, account), its cache,
// its access (cloud_scans) and its words.
import { Badge, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { CLOUD_SCAN_KIND, scanProfileEditPath, type CloudProfile } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { profileApi } from '../profiles/profile-api.ts';
import { parseProfileId } from '../profiles/profile-form.ts';
import type { ProfileKindUi } from '../profiles/profile-kind.ts';
import { useCloudAccess } from './cloud-access.ts';
import {
  NEW_CLOUD_PROFILE,
  cloudProfileBody,
  cloudProfileValues,
  providerLabel,
  type CloudProfileBody,
  type CloudProfileValues,
} from './cloud-profile-form.ts';
import { CLOUD_KEYS, CLOUD_PAGE_SIZE } from './cloud-queries.ts';
import { CloudProfileForm } from './components/CloudProfileForm.tsx';

const COLUMNS: readonly DataColumn<CloudProfile>[] = [
  {
    key: 'provider',
    header: 'Provider',
    cell: (profile) => <Badge variant="light">{providerLabel(profile.provider)}</Badge>,
  },
  {
    key: 'regions',
    header: 'Regions',
    hideable: true,
    cell: (profile) => <Text size="sm">{profile.regions.length ? profile.regions.join(', ') : 'All regions'}</Text>,
  },
  {
    key: 'account',
    header: 'Account',
    hideable: true,
    cell: (profile) => <Text size="sm">{profile.account ?? '–'}</Text>,
  },
];

function refresh(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CLOUD_KEYS.profiles }),
    queryClient.invalidateQueries({ queryKey: CLOUD_KEYS.basics }),
  ]);
}

export const CLOUD_PROFILE_UI: ProfileKindUi<CloudProfile, CloudProfileValues, CloudProfileBody> = {
  kind: CLOUD_SCAN_KIND,
  api: profileApi(CLOUD_SCAN_KIND),
  oneKey: CLOUD_KEYS.profile,
  listKey: CLOUD_KEYS.profileList,
  refresh,
  refreshAfterSave: refresh,
  useAccess: useCloudAccess,
  editPath: (id) => scanProfileEditPath(CLOUD_SCAN_KIND, id),
  parseId: parseProfileId,
  values: cloudProfileValues,
  input: cloudProfileBody,
  newValues: NEW_CLOUD_PROFILE,
  Form: CloudProfileForm,
  columns: COLUMNS,
  list: {
    id: 'cloud-profiles',
    caption: 'Cloud scan profiles',
    filterLabel: 'Filter cloud scan profiles',
    pageSize: CLOUD_PAGE_SIZE,
    errorMessage: 'The cloud scan profiles could not be loaded. Reload the page to try again.',
    loadingLabel: 'Loading cloud scan profiles…',
    empty: (filtered) =>
      filtered
        ? { title: 'No cloud scan profile matches this search.' }
        : {
            title: 'No cloud scan profiles yet.',
            description:
              'A cloud scan profile holds one provider account’s credentials and the regions to read. Create one with “New cloud profile”.',
          },
    nouns: ['profiles', 'profile'],
  },
  texts: {
    back: 'Cloud scan profiles',
    loading: 'Loading the cloud scan profile…',
    builtinNote: 'A built-in cloud scan profile: copy it to change it.',
    newTitle: 'New cloud scan profile',
    newDescription: 'One provider account: its read-only credentials, the regions to scan and the controls to leave out.',
    importLabel: 'Import profile',
    newLabel: 'New cloud profile',
    importFailed: 'Cannot import cloud scan profile.',
  },
};
