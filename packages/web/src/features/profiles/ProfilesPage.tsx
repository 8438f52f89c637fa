// /scans/scan-profiles: the network scan profiles (built-in and own), with new, import, and per-row copy/export/delete.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, FileButton, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages } from '@bulwark/core';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastError, toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { importProfile } from './profiles-api.ts';
import { PROFILE_COLUMNS, PROFILE_FILTERS } from './profile-columns.tsx';
import { PROFILE_KEYS, profileListOptions, PROFILES_PAGE_SIZE } from './profile-queries.ts';
import { parseImportFile, profileEditPath } from './profile-form.ts';

const MESSAGES = crudMessages('scan_profile');
const IMPORT_FAILED = 'Cannot import scan profile.';
const SORT_KEYS = sortKeysOf(PROFILE_COLUMNS);

export default function ProfilesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const list = useListState({ pageSize: PROFILES_PAGE_SIZE, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: PROFILE_FILTERS });
  const { data, error, isFetching, refetch } = useQuery(profileListOptions(list.query));

  async function importFile(file: File | null) {
    if (!file) return;
    const parsed = parseImportFile(await file.text());
    if ('error' in parsed) {
      toastError(parsed.error);
      return;
    }
    setImporting(true);
    try {
      const created = await importProfile(parsed.data);
      toastSuccess(MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all });
      void navigate(profileEditPath(created.id));
    } catch (failure) {
      toastFailure(failure, IMPORT_FAILED);
    } finally {
      setImporting(false);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Scan profiles"
        description="What a network scan looks at: ports, protocols and which checks run."
        actions={
          <Group gap="xs">
            <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
              {(props) => (
                <Button {...props} variant="default" loading={importing}>
                  Import
                </Button>
              )}
            </FileButton>
            <Button component={Link} to={profileEditPath('new')}>
              New profile
            </Button>
          </Group>
        }
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter scan profiles"
            filters={PROFILE_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="scan-profiles"
            caption="Scan profiles"
            columns={PROFILE_COLUMNS}
            rows={data?.results}
            rowKey={(profile) => profile.id}
            rowProps={(profile) => ({ 'data-profile-id': profile.id })}
            error={error}
            errorMessage="The profiles could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading profiles…"
            empty={{
              title:
                list.activeFilters > 0 ? 'No profile matches this search.' : 'No profiles yet. Create one, or import an exported profile.',
            }}
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'profiles', 'profile')}
            highlightOnHover
          />
        </Stack>
      </Card>
    </Stack>
  );
}
