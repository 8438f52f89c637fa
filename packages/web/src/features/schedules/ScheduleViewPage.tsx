// /scans/schedules/view/:scanId: one network scan schedule, found by the scan it starts. Its timing in words, next runs
// (in its zone), how it ends, targets, profile, probe, owner, who hears about it, the error of a run that could not
// start; edit, activate / deactivate and delete (as permissions allow); and the runs of its scan.
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, scheduleEndText, type Schedule } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { savedHostsQuery, savedRangesQuery, tagOptionsQuery } from '../scans/scan-queries.ts';
import { targetsSummary, userName } from '../scans/scan-format.ts';
import { SCHEDULE_KEYS, fetchScheduleByScan, fetchTeamChoices } from './schedules-api.ts';
import { SCHEDULES_PATH, channelsText, endDetail, namesOf, parseScanId, probeText, reminderText, repeatText } from './schedule-format.ts';
import { DELETE_WARNING, ScheduleForm, type ScheduleFormKind } from './ScheduleForm.tsx';
import { LastRun } from './ScheduleCells.tsx';
import { ScheduleRuns, type FetchScheduleRuns } from './ScheduleRuns.tsx';
import type { ScanRunRow } from '../scans/scans-api.ts';
import { useSchedulePermissions } from './schedule-permissions.ts';
import { RunTimes } from '../../components/schedule/UpcomingRuns.tsx';
import { useScheduleActions } from './use-schedule-actions.ts';

/** Another kind of schedule on this page (web schedules): its list, its targets in words, its runs and its form. */
export interface ScheduleViewKind {
  listPath: string;
  /** Not given: the network targets (saved, typed, tags), as a policy schedule has them too. */
  targets?(schedule: Schedule): ReactNode;
  fetchRuns: FetchScheduleRuns;
  resultPath?(run: ScanRunRow): string;
  form: ScheduleFormKind;
}

function BackLink({ to = SCHEDULES_PATH }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      All schedules
    </Anchor>
  );
}

function Missing({ message, listPath }: { message: string; listPath?: string }) {
  return (
    <Stack gap="md">
      <PageHeader title="Schedule" />
      <Alert color="red" variant="light" role="alert" title="This schedule cannot be shown">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <BackLink to={listPath} />
        </Stack>
      </Alert>
    </Stack>
  );
}

/** Saved targets, typed addresses, exclusions and the tag set, by name where the pickers know them. */
function Targets({ schedule: s }: { schedule: Schedule }) {
  const hosts = useQuery(savedHostsQuery);
  const ranges = useQuery(savedRangesQuery);
  const tags = useQuery(tagOptionsQuery);
  const saved = [
    ...(hosts.data?.results ?? []).map((h) => ({ id: h.id, name: h.host })),
    ...(ranges.data?.results ?? []).map((r) => ({ id: r.id, name: r.iprange })),
  ];
  const set = s.unified_tags_set;
  const lines: string[] = [];
  if (s.assets.length > 0) lines.push(`Saved: ${targetsSummary(namesOf(s.assets, saved, 'Target'), 5)}`);
  if (s.targets.length > 0) lines.push(`Addresses: ${targetsSummary(s.targets, 5)}`);
  if (set && set.inclusion_tags.length > 0) {
    const mode = set.inclusion_tags.length > 1 ? (set.inclusion_tags_mode_all ? 'all of ' : 'any of ') : '';
    lines.push(`Assets tagged ${mode}${namesOf(set.inclusion_tags, tags.data, 'Tag').join(', ')}`);
  }
  if (s.exclude.length > 0) lines.push(`Except: ${targetsSummary(s.exclude, 5)}`);
  if (set && set.exclusion_tags.length > 0) {
    const mode = set.exclusion_tags.length > 1 ? (set.exclusion_tags_mode_all ? 'all of ' : 'any of ') : '';
    lines.push(`Except assets tagged ${mode}${namesOf(set.exclusion_tags, tags.data, 'Tag').join(', ')}`);
  }
  if (lines.length === 0) return <>–</>;
  return (
    <Stack gap={2} component="span">
      {lines.map((line) => (
        <Text key={line} size="sm" component="span">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function SharedWith({ ids }: { ids: readonly number[] }) {
  const teams = useQuery({
    queryKey: SCHEDULE_KEYS.teams,
    queryFn: ({ signal }) => fetchTeamChoices(signal),
    retry: false,
    enabled: ids.length > 0,
  });
  if (ids.length === 0) return <>Only its owner</>;
  return <>{namesOf(ids, teams.data, 'Team').join(', ')}</>;
}

function Summary({ schedule: s, kind }: { schedule: Schedule; kind?: ScheduleViewKind }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
      <Fact label="When">{repeatText(s)}</Fact>
      <Fact label="Starts">{s.start_date}</Fact>
      <Fact label="End type">
        {scheduleEndText(s)} ({endDetail(s)})
      </Fact>
      <Fact label="Targets">{kind?.targets ? kind.targets(s) : <Targets schedule={s} />}</Fact>
      <Fact label="Profile">{s.profile?.name ?? '–'}</Fact>
      <Fact label="Runs on">{probeText(s)}</Fact>
      <Fact label="Owner">{userName(s.user)}</Fact>
      <Fact label="Shared with">
        <SharedWith ids={s.shared_access_teams} />
      </Fact>
      <Fact label="Runs so far">{s.run_count}</Fact>
      <Fact label="Last run">
        <LastRun schedule={s} />
      </Fact>
      <Fact label="Notifications">{channelsText(s.notification_config)}</Fact>
      <Fact label="Reminders">{reminderText(s.reminder_config)}</Fact>
      <Fact label="Created">{formatDateTime(s.created)}</Fact>
    </SimpleGrid>
  );
}

function NextRuns({ schedule: s }: { schedule: Schedule }) {
  let content;
  if (!s.schedule_is_active) {
    content = (
      <Text size="sm" c="dimmed">
        The schedule is inactive: no run starts until it is activated.
      </Text>
    );
  } else if (s.upcoming.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        No further runs are due.
      </Text>
    );
  } else {
    content = <RunTimes times={s.upcoming} timeZone={s.time_zone} blackout={s.blackout_starts} />;
  }
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        Next runs ({s.time_zone})
      </Title>
      {content}
    </Stack>
  );
}

export default function ScheduleViewPage({ kind }: { kind?: ScheduleViewKind } = {}) {
  const scanId = parseScanId(useParams().scanId);
  const navigate = useNavigate();
  const can = useSchedulePermissions();
  const actions = useScheduleActions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const query = useQuery({
    queryKey: SCHEDULE_KEYS.byScan(scanId ?? 0),
    queryFn: ({ signal }) => fetchScheduleByScan(scanId ?? 0, signal),
    enabled: scanId !== null && can.read,
  });

  const listPath = kind?.listPath ?? SCHEDULES_PATH;
  if (scanId === null) return <Missing listPath={listPath} message="The address does not name a scan." />;
  if (!can.read)
    return (
      <Missing
        listPath={listPath}
        message="Your permissions do not include reading schedules. Ask an administrator for the Schedules permission."
      />
    );
  if (query.isPending) return <PageLoader label="Loading the schedule…" />;
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return (
      <Missing
        listPath={listPath}
        message={
          gone
            ? 'This scan has no schedule, or the schedule was deleted.'
            : messageOf(query.error, 'It could not be loaded. Reload the page to try again.')
        }
      />
    );
  }

  const s = query.data;
  const busy = actions.busyIds.has(s.id);
  return (
    <Stack gap="md">
      <PageHeader
        title={s.name}
        description={
          <Group gap="xs" component="span">
            <BackLink to={listPath} />
            <Badge color={s.schedule_is_active ? 'green' : 'gray'} variant="light">
              {s.schedule_is_active ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
        }
        actions={
          <Group gap="xs">
            {can.update && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {can.update && (
              <Button variant="default" loading={busy} onClick={() => void actions.setActive(s, !s.schedule_is_active)}>
                {s.schedule_is_active ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            {can.delete && (
              <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      {s.last_error && (
        <Alert color="red" variant="light" title="The last run could not start">
          {s.last_error}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="lg">
          <Summary schedule={s} kind={kind} />
          <NextRuns schedule={s} />
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Runs
          </Title>
          <ScheduleRuns scanId={s.scan} fetchRuns={kind?.fetchRuns} resultPath={kind?.resultPath} />
        </Stack>
      </Card>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit schedule" size="xl">
        {editing && <ScheduleForm schedule={s} kind={kind?.form} onDone={() => setEditing(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete schedule"
        confirmLabel="Delete schedule"
        onConfirm={() => actions.remove(s, () => void navigate(listPath))}
        onClose={() => setDeleting(false)}
      >
        Delete the schedule <strong>{s.name}</strong>? {DELETE_WARNING}
      </ConfirmDialog>
    </Stack>
  );
}
