// The web scan's profiles in the generic profile pages: its form, its columns (sign-in, browser, passive only), its
// cache, its access (web_scans) and its words.
import { Badge, Group, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { WEB_AUTH_KIND_LABELS, WEB_SCAN_KIND, scanProfileEditPath, type WebProfile } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { profileApi } from '../profiles/profile-api.ts';
import { parseProfileId } from '../profiles/profile-form.ts';
import type { ProfileKindUi } from '../profiles/profile-kind.ts';
import { NEW_WEB_PROFILE, webProfileBody, webProfileValues, type WebProfileInput, type WebProfileValues } from './web-profile-form.ts';
import { useWebAccess } from './web-access.ts';
import { WEB_KEYS, WEB_PROFILES_PAGE_SIZE } from './web-queries.ts';
import { WebProfileForm } from './WebProfileForm.tsx';

const COLUMNS: readonly DataColumn<WebProfile>[] = [
  {
    key: 'auth',
    header: 'Sign-in',
    hideable: true,
    cell: (profile) => <Text size="sm">{profile.auth_kind === 'none' ? '—' : WEB_AUTH_KIND_LABELS[profile.auth_kind]}</Text>,
  },
  {
    key: 'mode',
    header: 'Tests',
    cell: (profile) => (
      <Group gap={6}>
        {profile.passive_only ? (
          <Badge variant="light">Passive only</Badge>
        ) : (
          <Badge variant="light" color="orange">
            Active and passive
          </Badge>
        )}
        {profile.browser && (
          <Badge variant="outline" color="gray">
            Browser
          </Badge>
        )}
        {profile.builtin && <Badge variant="light">Built-in</Badge>}
      </Group>
    ),
  },
];

function refresh(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: WEB_KEYS.profiles });
}

export const WEB_PROFILE_UI: ProfileKindUi<WebProfile, WebProfileValues, WebProfileInput> = {
  kind: WEB_SCAN_KIND,
  api: profileApi(WEB_SCAN_KIND),
  oneKey: WEB_KEYS.profile,
  listKey: WEB_KEYS.profileList,
  refresh,
  refreshAfterSave: refresh,
  useAccess: useWebAccess,
  editPath: (id) => scanProfileEditPath(WEB_SCAN_KIND, id),
  parseId: parseProfileId,
  values: webProfileValues,
  input: webProfileBody,
  newValues: NEW_WEB_PROFILE,
  Form: WebProfileForm,
  columns: COLUMNS,
  list: {
    id: 'web-profiles',
    caption: 'Web scan profiles',
    filterLabel: 'Filter web scan profiles',
    pageSize: WEB_PROFILES_PAGE_SIZE,
    errorMessage: 'The web scan profiles could not be loaded. Reload the page to try again.',
    loadingLabel: 'Loading web scan profiles…',
    empty: (filtered) =>
      filtered
        ? { title: 'No web scan profile matches this search.' }
        : {
            title: 'No web scan profiles yet.',
            description:
              'A web scan profile says how far the crawl goes, how it signs in and which tests run. Create one with “New web profile”.',
          },
    nouns: ['profiles', 'profile'],
  },
  texts: {
    back: 'Web scan profiles',
    loading: 'Loading the web scan profile…',
    builtinNote: 'A built-in web scan profile: copy it to change it.',
    newTitle: 'New web scan profile',
    newDescription: 'How far a web scan crawls, how it signs in, and which tests it runs.',
    importLabel: 'Import profile',
    newLabel: 'New web profile',
    importFailed: 'Cannot import web scan profile.',
  },
};
