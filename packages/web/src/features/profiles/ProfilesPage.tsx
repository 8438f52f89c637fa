// /scans/scan-profiles: the network scan profiles (built-in and own), with new, import, and per-row copy/export/delete.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, FileButton, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, formatDateTime } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ListPager } from '../../components/ListPager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastError, toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { importProfile } from './profiles-api.ts';
import { ProfileRowActions } from './ProfileRowActions.tsx';
import { PROFILE_KEYS, profileListOptions, PROFILES_PAGE_SIZE } from './profile-queries.ts';
import { parseImportFile, profileEditPath } from './profile-form.ts';

const MESSAGES = crudMessages('scan_profile');
const IMPORT_FAILED = 'Cannot import scan profile.';

export default function ProfilesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [importing, setImporting] = useState(false);
  const query = { page, page_size: PROFILES_PAGE_SIZE, ordering: 'name', search: search === '' ? undefined : search };
  const { data, error } = useQuery(profileListOptions(query));

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
          <TextInput
            label="Search"
            placeholder="Profile name"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {messageOf(error, 'The profiles could not be loaded. Reload the page to try again.')}
            </Alert>
          ) : !data ? (
            <PageLoader label="Loading profiles…" />
          ) : data.count === 0 ? (
            <Text size="sm" c="dimmed" py="md">
              {search ? 'No profile matches this search.' : 'No profiles yet. Create one, or import an exported profile.'}
            </Text>
          ) : (
            <>
              <Table verticalSpacing="sm" striped highlightOnHover aria-label="Scan profiles">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Kind</Table.Th>
                    <Table.Th scope="col">Modified</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((profile) => (
                    <Table.Tr key={profile.id} data-profile-id={profile.id}>
                      <Table.Td>
                        <Anchor component={Link} to={profileEditPath(profile.id)} fw={500} size="sm">
                          {profile.name}
                        </Anchor>
                        {profile.description && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {profile.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {profile.builtin ? (
                          <Badge variant="light">Built-in</Badge>
                        ) : (
                          <Badge variant="light" color="gray">
                            Own
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(profile.modified)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <ProfileRowActions profile={profile} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <ListPager
                count={data.count}
                page={page}
                pageSize={PROFILES_PAGE_SIZE}
                onPageChange={setPage}
                noun="profiles"
                singular="profile"
              />
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
