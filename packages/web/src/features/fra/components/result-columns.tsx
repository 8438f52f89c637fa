// The columns of an assessment's results: the recipient, department, template, delivery state, when they opened,
// clicked, submitted data, reported and did the training (score), their phishing severity in words, the machine requests
// that were not counted, and a button opening their timeline.
import { Button, Stack, Text } from '@mantine/core';
import type { RecipientResult, TargetState } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { whenText } from '../assessment-format.ts';
import { SeverityBadge } from './StateBadge.tsx';

export const TARGET_STATE_LABELS: Record<TargetState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  bounced: 'Bounced',
  failed: 'Not sent (failed)',
  cancelled: 'Cancelled',
};

const time = (key: keyof RecipientResult, header: string, sortKey: string): DataColumn<RecipientResult> => ({
  key,
  header,
  sortKey,
  descendingFirst: true,
  cell: (r) => <Text size="sm">{whenText(r[key] as string | null)}</Text>,
});

export function resultColumns(onOpen: (r: RecipientResult) => void): DataColumn<RecipientResult>[] {
  return [
    {
      key: 'recipient',
      header: 'Recipient',
      sortKey: 'email',
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.recipient.name || r.recipient.email}
          </Text>
          {r.recipient.name && (
            <Text size="xs" c="dimmed">
              {r.recipient.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'department',
      header: 'Department',
      sortKey: 'department',
      hideable: true,
      cell: (r) => <Text size="sm">{r.recipient.department || '–'}</Text>,
    },
    { key: 'template', header: 'Template', hideable: true, cell: (r) => <Text size="sm">{r.template?.name ?? '–'}</Text> },
    {
      key: 'state',
      header: 'Delivery',
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm">{TARGET_STATE_LABELS[r.state]}</Text>
          {/* Why a message bounced or failed: the mail server's answer. */}
          {r.error && (r.state === 'bounced' || r.state === 'failed') ? (
            <Text size="xs" c="dimmed" lineClamp={2} title={r.error}>
              {r.error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    time('opened_at', 'Opened', 'opened_at'),
    time('clicked_at', 'Clicked', 'clicked_at'),
    time('submitted_at', 'Submitted data', 'submitted_at'),
    time('reported_at', 'Reported', 'reported_at'),
    {
      key: 'training',
      header: 'Training',
      hideable: true,
      cell: (r) => (
        <Text size="sm">
          {r.training_completed_at
            ? `Completed ${whenText(r.training_completed_at)}${r.training_score !== null ? ` (${r.training_score}%)` : ''}`
            : r.training_started_at
              ? `Started ${whenText(r.training_started_at)}`
              : '–'}
        </Text>
      ),
    },
    {
      key: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      descendingFirst: true,
      cell: (r) => <SeverityBadge severity={r.severity} />,
    },
    {
      key: 'bots',
      header: 'Machine requests',
      cell: (r) => <Text size="sm">{r.bot_events > 0 ? `${r.bot_events} not counted` : 'None'}</Text>,
    },
    {
      key: 'open',
      header: 'Timeline',
      headerHidden: true,
      cell: (r) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onOpen(r)} aria-label={`Timeline of ${r.recipient.email}`}>
          Timeline
        </Button>
      ),
    },
  ];
}
