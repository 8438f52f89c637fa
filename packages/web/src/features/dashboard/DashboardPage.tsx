// /dashboard: the signed-in user's dashboards (GET dashboard/dashboards/, the default first; the server makes a useful
// one the first time) with a picker, "New dashboard", rename, delete and "Reset to default" (a new dashboard with the
// default widgets), the chosen dashboard's widget grid at the centre, and below it the account, the organisation and
// the areas the user can open.
import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dashboard } from '@bulwark/core';
import { useSession } from '../../session/session.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { displayName } from '../../components/display-name.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { AccountCard } from './components/AccountCard.tsx';
import { AreaLinks } from './components/AreaLinks.tsx';
import { DASHBOARD_KEYS, createDefaultDashboard, deleteDashboard, fetchDashboards } from './api/dashboards-api.ts';
import { DASHBOARD_MESSAGES, DashboardNameForm } from './components/DashboardNameForm.tsx';
import { OrganisationCard } from './components/OrganisationCard.tsx';
import { WidgetBoard } from './components/WidgetBoard.tsx';
import { HiddenBelowQodLink } from '../vulnerabilities/components/qod.tsx';
import { FeedHealthAlert } from '../intel/components/FeedHealthAlert.tsx';

/** The default dashboard first, the rest as the server orders them. */
export function defaultFirst(dashboards: readonly Dashboard[]): Dashboard[] {
  return [...dashboards].sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

export default function DashboardPage() {
  const session = useSession();
  const { profile } = session;
  const queryClient = useQueryClient();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [naming, setNaming] = useState<'new' | Dashboard | null>(null);
  const [deleting, setDeleting] = useState<Dashboard | null>(null);
  const [resetting, setResetting] = useState(false);
  const list = useQuery({ queryKey: DASHBOARD_KEYS.list(), queryFn: ({ signal }) => fetchDashboards(signal), enabled: Boolean(profile) });
  if (!profile) return null;

  const dashboards = defaultFirst(list.data ?? []);
  const current = dashboards.find((d) => d.id === chosenId) ?? dashboards[0] ?? null;
  const greeting = profile.first_name.trim() || displayName(profile);

  async function reset() {
    setResetting(true);
    try {
      const created = await createDefaultDashboard();
      toastSuccess(DASHBOARD_MESSAGES.reset);
      await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.list() });
      setChosenId(created.id);
    } catch (failure) {
      toastFailure(failure, DASHBOARD_MESSAGES.resetFailed);
    } finally {
      setResetting(false);
    }
  }

  async function remove(d: Dashboard) {
    try {
      await deleteDashboard(d.id);
      toastSuccess(DASHBOARD_MESSAGES.deleted);
      setDeleting(null);
      setChosenId(null);
      await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.list() });
    } catch (failure) {
      toastFailure(failure, DASHBOARD_MESSAGES.deleteFailed);
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" description={`Welcome, ${greeting}.`} />
      <FeedHealthAlert />
      <Card withBorder padding="md" component="section" aria-label="Widgets">
        {list.isPending ? (
          <Center h={200}>
            <Loader role="status" aria-label="Loading dashboards" />
          </Center>
        ) : list.isError || !current ? (
          <Alert color="red" variant="light" title="Your dashboards could not be loaded.">
            <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <NativeSelect
                label="Dashboard"
                data={dashboards.map((d) => ({ value: String(d.id), label: d.is_default ? `${d.name} (default)` : d.name }))}
                value={String(current.id)}
                onChange={(e) => setChosenId(Number(e.currentTarget.value))}
                w={280}
              />
              <Group gap="xs">
                <Button variant="default" onClick={() => setNaming('new')}>
                  New dashboard
                </Button>
                <Button variant="default" onClick={() => setNaming(current)}>
                  Rename
                </Button>
                <Button variant="default" onClick={() => void reset()} loading={resetting}>
                  Reset to default
                </Button>
                <Button variant="default" color="red" onClick={() => setDeleting(current)}>
                  Delete
                </Button>
              </Group>
            </Group>
            <HiddenBelowQodLink />
            <WidgetBoard key={current.id} dashboard={current} />
          </Stack>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AccountCard profile={profile} />
        <OrganisationCard profile={profile} customer={session.customer} />
      </SimpleGrid>
      <AreaLinks session={session} />
      <Modal opened={naming !== null} onClose={() => setNaming(null)} title={naming === 'new' ? 'New dashboard' : 'Rename dashboard'}>
        {naming !== null && (
          <DashboardNameForm
            dashboard={naming === 'new' ? undefined : naming}
            onSaved={(saved) => {
              setNaming(null);
              setChosenId(saved.id);
            }}
            onCancel={() => setNaming(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete dashboard"
        confirmLabel="Delete dashboard"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong> and its widgets? The figures stay; only this view of them goes.
          {dashboards.length === 1 && ' A new default dashboard takes its place.'}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
