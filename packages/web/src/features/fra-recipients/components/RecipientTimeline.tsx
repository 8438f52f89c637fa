// A recipient's timeline across assessments: for each assessment, what the person did (sent … training completed with
// its score) and, apart, the requests judged a machine's with the reasons kept as evidence (too soon after delivery, a
// scanner's agent or address, HEAD, prefetch, no script) — so a gateway's "click" is never read as a person's.
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, List, Stack, Text, Timeline, Title } from '@mantine/core';
import { BOT_REASON_LABELS, TRACKING_EVENT_LABELS, formatDateTime, type TrackingEventRow } from '@bulwark/core';
import type { TimelineEntry } from '../api.ts';
import { PhishingSeverityBadge } from './SeverityBadge.tsx';

/** The names of the fields a submission filled (never their values), or the training score. */
function detailText(e: TrackingEventRow): string | null {
  const fields = e.details.fields;
  if (Array.isArray(fields) && fields.length > 0) return `Fields filled: ${fields.map(String).join(', ')}`;
  if (typeof e.details.score === 'number') return `Score ${e.details.score}%`;
  return null;
}

function PersonEvents({ events }: { events: TrackingEventRow[] }) {
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No action by the recipient.
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="What the recipient did">
      {events.map((e) => (
        <Timeline.Item key={e.id} title={TRACKING_EVENT_LABELS[e.kind]} data-event-kind={e.kind}>
          <Text size="xs" c="dimmed" component="time" dateTime={e.at}>
            {formatDateTime(e.at)}
          </Text>
          {detailText(e) && <Text size="sm">{detailText(e)}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function MachineEvents({ events }: { events: TrackingEventRow[] }) {
  if (events.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {events.length === 1 ? '1 request by a machine, not counted' : `${events.length} requests by machines, not counted`}
      </Text>
      <List size="sm" aria-label="Requests by machines">
        {events.map((e) => (
          <List.Item key={e.id} data-event-kind={e.kind}>
            {`${TRACKING_EVENT_LABELS[e.kind]} at ${formatDateTime(e.at)} — `}
            {e.bot_reasons.map((r) => BOT_REASON_LABELS[r]).join('; ') || 'judged a machine'}
            {e.user_agent ? ` (${e.user_agent}${e.ip ? `, ${e.ip}` : ''})` : e.ip ? ` (${e.ip})` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function RecipientTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This recipient has not been in an assessment yet.
      </Text>
    );
  return (
    <Stack gap="md">
      {entries.map((entry) => (
        <Card key={entry.assessment.uuid || entry.assessment.id} withBorder padding="md" data-assessment={entry.assessment.uuid}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} size="h5">
                <Anchor component={Link} to={`/fra/assessments/filter/${entry.assessment.uuid}`}>
                  {entry.assessment.name}
                </Anchor>
              </Title>
              <Group gap="xs">
                {entry.training_score !== null && <Badge variant="light">{`Training score ${entry.training_score}%`}</Badge>}
                <PhishingSeverityBadge severity={entry.severity} />
              </Group>
            </Group>
            <PersonEvents events={entry.events.filter((e) => e.human)} />
            <MachineEvents events={entry.events.filter((e) => !e.human)} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
