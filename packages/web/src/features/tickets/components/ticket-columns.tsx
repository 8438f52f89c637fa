// The ticket list's columns and the badges every ticket screen shares: status (label and colour, with the spec's key
// for Solution applied, CLOSED_UNVERIFIED, as a hint), priority, and the due date with its overdue marker.
import { Link } from 'react-router';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { formatDate, type Ticket } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { riskScoreColor } from '../../../components/risk-colors.ts';
import { displayName } from '../../../components/display-name.ts';
import {
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  dueText,
  localToday,
  statusColor,
  statusLabel,
  ticketViewPath,
  typeLabel,
} from '../ticket-format.ts';

export function TicketStatusBadge({ status, label }: { status: number; label?: string }) {
  return (
    <Badge color={statusColor(status)} variant="light" data-status={status}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: number }) {
  return (
    <Badge color={PRIORITY_COLORS[priority] ?? 'gray'} variant="dot">
      {PRIORITY_LABELS[priority] ?? `Priority ${priority}`}
    </Badge>
  );
}

/** The due date, and "Overdue" in red when the server says the ticket is past it and still open. */
export function DueDate({ ticket, today = localToday() }: { ticket: Pick<Ticket, 'due_date' | 'overdue'>; today?: string }) {
  if (!ticket.due_date)
    return (
      <Text size="sm" c="dimmed">
        No due date
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={dueText(ticket.due_date, today)}>
        <Text size="sm">{formatDate(`${ticket.due_date}T12:00:00`)}</Text>
      </Tooltip>
      {ticket.overdue && (
        <Badge color="red" variant="filled" size="sm">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

export function assigneeText(t: Pick<Ticket, 'assignee_user' | 'assignee_team'>): string {
  const parts = [t.assignee_user ? displayName(t.assignee_user) : null, t.assignee_team?.name ?? null].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Unassigned';
}

const Score = ({ value }: { value: number }) => (
  <Badge color={riskScoreColor(value)} variant="light">
    {Math.round(value)}
  </Badge>
);

export const TICKET_COLUMNS: readonly DataColumn<Ticket>[] = [
  { key: 'number', header: 'Number', sortKey: 'number', descendingFirst: true, cell: (t) => <Text size="sm">#{t.number}</Text> },
  {
    key: 'title',
    header: 'Title',
    sortKey: 'title',
    cell: (t) => (
      <Anchor component={Link} to={ticketViewPath(t.uuid)} fw={500} size="sm">
        {t.title}
      </Anchor>
    ),
  },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (t) => <TicketStatusBadge status={t.status} label={t.status_label} /> },
  { key: 'type', header: 'Type', hideable: true, cell: (t) => <Text size="sm">{t.type_label || typeLabel(t.type)}</Text> },
  {
    key: 'priority',
    header: 'Priority',
    sortKey: 'priority',
    descendingFirst: true,
    hideable: true,
    cell: (t) => <PriorityBadge priority={t.priority} />,
  },
  { key: 'assignee', header: 'Assignee', hideable: true, cell: (t) => <Text size="sm">{assigneeText(t)}</Text> },
  { key: 'due_date', header: 'Due date', sortKey: 'due_date', cell: (t) => <DueDate ticket={t} /> },
  {
    key: 'asset_risk_score',
    header: 'Asset risk',
    sortKey: 'asset_risk_score',
    descendingFirst: true,
    hideable: true,
    cell: (t) => <Score value={t.asset_risk_score} />,
  },
  {
    key: 'issue_threat_score',
    header: 'Threat',
    sortKey: 'issue_threat_score',
    descendingFirst: true,
    hideable: true,
    hiddenByDefault: true,
    cell: (t) => <Score value={t.issue_threat_score} />,
  },
  {
    key: 'open_findings',
    header: 'Open findings',
    sortKey: 'open_findings',
    descendingFirst: true,
    hideable: true,
    cell: (t) => <Text size="sm">{`${t.open_findings} of ${t.subtasks_count}`}</Text>,
  },
  {
    key: 'created',
    header: 'Created',
    sortKey: 'created',
    descendingFirst: true,
    hideable: true,
    hiddenByDefault: true,
    cell: (t) => <Text size="sm">{formatDate(t.created_at)}</Text>,
  },
];
