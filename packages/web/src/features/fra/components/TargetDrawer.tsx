// One recipient's timeline in an assessment (fra/targets/{id}/events/): every request in order, each said to be a
// person's or a machine's, and for a machine's the reasons (core's BOT_REASON_LABELS) with its address and user agent —
// the evidence of why it was not counted.
import { Badge, Drawer, Group, List, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TRACKING_EVENT_LABELS, formatDateTime, type RecipientResult, type TrackingEventRow } from '@bulwark/core';
import { FRA_KEYS, assessments } from '../api.ts';
import { botReasonLabel } from '../assessment-format.ts';
import { SeverityBadge } from './StateBadge.tsx';

function detailsText(e: TrackingEventRow): string | null {
  const fields = e.details.fields;
  if (Array.isArray(fields) && fields.length > 0) return `Fields filled: ${fields.map(String).join(', ')} (no values are kept)`;
  if (typeof e.details.score === 'number') return `Score: ${e.details.score}%`;
  return null;
}

function EventItem({ e }: { e: TrackingEventRow }) {
  const details = detailsText(e);
  return (
    <Stack gap={2} data-event={e.id}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {TRACKING_EVENT_LABELS[e.kind]}
        </Text>
        <Badge size="sm" variant="light" color={e.human ? 'blue' : 'gray'}>
          {e.human ? 'Person' : 'Machine, not counted'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
        {e.ip && ` · ${e.ip}`}
      </Text>
      {e.user_agent && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {e.user_agent}
        </Text>
      )}
      {!e.human && e.bot_reasons.length > 0 && (
        <List size="xs" aria-label="Why it was judged a machine">
          {e.bot_reasons.map((r) => (
            <List.Item key={r}>{botReasonLabel(r)}</List.Item>
          ))}
        </List>
      )}
      {details && <Text size="xs">{details}</Text>}
    </Stack>
  );
}

export function TargetDrawer({ target, onClose }: { target: RecipientResult | null; onClose(): void }) {
  const { data, error, isLoading } = useQuery({
    queryKey: FRA_KEYS.events(target?.id ?? 0),
    queryFn: ({ signal }) => assessments.events(target!.id, signal),
    enabled: target !== null,
  });
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={target ? `Timeline of ${target.recipient.name || target.recipient.email}` : ''}
    >
      {target && (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">{target.recipient.email}</Text>
            <SeverityBadge severity={target.severity} />
          </Group>
          {isLoading && <Text size="sm">Loading the timeline…</Text>}
          {error && <Text size="sm">The timeline could not be loaded.</Text>}
          {data && data.length === 0 && <Text size="sm">Nothing recorded yet.</Text>}
          {data && data.length > 0 && (
            <Timeline bulletSize={14} lineWidth={2} aria-label="Events">
              {data.map((e) => (
                <Timeline.Item key={e.id} color={e.human ? 'blue' : 'gray'}>
                  <EventItem e={e} />
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
