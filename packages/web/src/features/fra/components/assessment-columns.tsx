// The columns of the assessment list: name (opens the results), state in words, templates, people reached, what people
// did (sent / clicked / submitted / reported, with a small bar of the click rate) and the machine
// requests apart, created, started, and the row's actions (results, edit, start, cancel, delete).
import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Assessment } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { assessmentEditPath, assessmentResultsPath, canCancel, canEdit, canStart, namesText, whenText } from '../assessment-format.ts';
import type { PhishingAccess } from '../fra-access.ts';
import { StateBadge } from './StateBadge.tsx';

export interface AssessmentRowHandlers {
  access: PhishingAccess;
  busy: ReadonlySet<string>;
  onStart(a: Assessment): void;
  onCancel(a: Assessment): void;
  onDelete(a: Assessment): void;
}

const pct = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 100) : 0);

/** Sent, clicked, submitted and reported people, with the click rate as a bar (both rates in its name). */
export function PeopleCell({ a }: { a: Assessment }) {
  const s = a.stats;
  const clicked = pct(s.clicked, s.sent);
  const submitted = pct(s.submitted, s.sent);
  return (
    <Stack gap={4} miw={180}>
      <Text size="sm">
        {s.sent} sent · {s.clicked} clicked · {s.submitted} submitted · {s.reported} reported
      </Text>
      <Progress size="sm" color="orange" value={clicked} aria-label={`${a.name}: ${clicked}% clicked, ${submitted}% submitted data`} />
    </Stack>
  );
}

export function assessmentColumns(h: AssessmentRowHandlers): DataColumn<Assessment>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (a) => (
        <Anchor component={Link} to={assessmentResultsPath(a.uuid)} size="sm" fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'state', header: 'State', sortKey: 'state', cell: (a) => <StateBadge state={a.state} /> },
    { key: 'templates', header: 'Templates', hideable: true, cell: (a) => <Text size="sm">{namesText(a.phishing_templates)}</Text> },
    { key: 'targets', header: 'Recipients', cell: (a) => <Text size="sm">{a.stats.targets}</Text> },
    { key: 'people', header: 'People (humans only)', cell: (a) => <PeopleCell a={a} /> },
    {
      key: 'bots',
      header: 'Machine requests',
      hideable: true,
      cell: (a) => (
        <Text size="sm" c={a.stats.bot_events > 0 ? undefined : 'dimmed'}>
          {a.stats.bot_events > 0 ? `${a.stats.bot_events} not counted` : 'None'}
        </Text>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sortKey: 'created',
      descendingFirst: true,
      cell: (a) => <Text size="sm">{whenText(a.created)}</Text>,
    },
    {
      key: 'started',
      header: 'Started',
      sortKey: 'started',
      descendingFirst: true,
      cell: (a) => <Text size="sm">{whenText(a.started)}</Text>,
    },
    {
      key: 'row-actions',
      header: 'Actions of the assessment',
      headerHidden: true,
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            component={Link}
            to={assessmentResultsPath(a.uuid)}
            aria-label={`Results of ${a.name}`}
          >
            Results
          </Button>
          {h.access.update && canEdit(a.state) && (
            <Button size="compact-sm" variant="subtle" component={Link} to={assessmentEditPath(a.uuid)} aria-label={`Edit ${a.name}`}>
              Edit
            </Button>
          )}
          {h.access.execute && canStart(a.state) && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={h.busy.has(a.uuid)}
              onClick={() => h.onStart(a)}
              aria-label={`Start ${a.name}`}
            >
              Start
            </Button>
          )}
          {h.access.execute && canCancel(a.state) && (
            <Button size="compact-sm" variant="subtle" color="orange" onClick={() => h.onCancel(a)} aria-label={`Cancel ${a.name}`}>
              Cancel
            </Button>
          )}
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(a)} aria-label={`Delete ${a.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
