// /policies/monitoring-profiles: the profiles that watch assets for changes — what each watches, the ports expected,
// what alerts, how often it checks, its open alerts — created and edited in a modal, switched on and off, checked now
// (what the round found as a toast) and deleted after a confirmation (§8-style toasts of core's crud messages).
import { useState } from 'react';
import { Button, Card, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, type MonitoringProfile } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { ProfileForm } from './components/ProfileForm.tsx';
import { profileColumns } from './components/profile-columns.tsx';
import { useMonitoringAccess } from './monitoring-access.ts';
import { MONITORING_KEYS, checkProfile, deleteProfile, fetchProfiles, patchProfile } from './monitoring-api.ts';
import { checkResultText } from './profile-form.ts';

const MESSAGES = crudMessages('monitoring_profile');
const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name', width: 220 },
  { kind: 'boolean', name: 'active', label: 'State', trueLabel: 'Active', falseLabel: 'Inactive' },
];

/** The editor's subject: a new profile, or the one opened. */
type Editing = { profile: MonitoringProfile | null } | null;

export default function ProfilesPage() {
  const queryClient = useQueryClient();
  const access = useMonitoringAccess();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MonitoringProfile | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name', 'created', 'modified'], filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: MONITORING_KEYS.profileList(list.query),
    queryFn: ({ signal }) => fetchProfiles(list.query, signal),
    placeholderData: keepPreviousData,
  });

  async function withBusy(id: number, work: () => Promise<void>) {
    setBusy((b) => new Set([...b, id]));
    try {
      await work();
    } finally {
      setBusy((b) => new Set([...b].filter((x) => x !== id)));
      await queryClient.invalidateQueries({ queryKey: MONITORING_KEYS.all });
    }
  }

  function toggle(profile: MonitoringProfile, active: boolean) {
    void withBusy(profile.id, async () => {
      try {
        await patchProfile(profile.id, { active });
        toastSuccess(MESSAGES.updated);
      } catch (failure) {
        toastFailure(failure, MESSAGES.updateFailed);
      }
    });
  }

  function check(profile: MonitoringProfile) {
    void withBusy(profile.id, async () => {
      try {
        toastSuccess(`${profile.name}: ${checkResultText(await checkProfile(profile.id))}`);
      } catch (failure) {
        toastFailure(failure, 'The profile could not be checked.');
      }
    });
  }

  async function remove(profile: MonitoringProfile) {
    try {
      await deleteProfile(profile.id);
      toastSuccess(MESSAGES.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: MONITORING_KEYS.all });
    } catch (failure) {
      toastFailure(failure, MESSAGES.deleteFailed);
    }
  }

  const addButton = access.create ? <Button onClick={() => setEditing({ profile: null })}>Add profile</Button> : undefined;
  const readOnly = Boolean(editing?.profile) && !access.update;
  return (
    <Stack gap="md">
      <PageHeader
        title="Monitoring profiles"
        description="A profile watches assets and tags for changes — a port that opens, a service that changes, a new vulnerability, a certificate about to expire — and alerts once per change, confirmed by a second look."
        actions={addButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter profiles"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="monitoring-profiles"
            caption="Monitoring profiles"
            columns={profileColumns({
              access,
              busy,
              onEdit: (profile) => setEditing({ profile }),
              onToggle: toggle,
              onCheck: check,
              onDelete: setDeleting,
            })}
            rows={data?.results}
            rowKey={(p) => p.id}
            rowProps={(p) => ({ 'data-profile-id': p.id, 'data-active': String(p.active) })}
            error={error}
            errorMessage="The monitoring profiles could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading monitoring profiles…"
            empty={
              list.activeFilters > 0
                ? { title: 'No profile matches these filters.' }
                : {
                    title: 'No monitoring profiles yet.',
                    description:
                      'Add a profile to be told when a watched asset changes: for example your internet-facing hosts, expecting only 80 and 443 open, checked every 15 minutes.',
                    action: addButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'profiles', 'profile')}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.profile ? (readOnly ? editing.profile.name : `Edit ${editing.profile.name}`) : 'Add a monitoring profile'}
        size="xl"
      >
        {editing !== null && <ProfileForm profile={editing.profile} readOnly={readOnly} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete monitoring profile"
        confirmLabel="Delete profile"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? Its alerts are deleted with it and its assets are no longer watched by it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
