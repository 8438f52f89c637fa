// /remediation/unified-tickets/view/{uuid}: one ticket — its fields, the status actions (In progress, Solution applied
// which starts a re-test whose progress shows here, Will not fix, Reopen), subtasks with bulk update and delete, the
// fixes that close its findings grouped, its assets and vulnerabilities, comments and the history (who, when, what),
// watchers, related tickets and the sync state with the ticketing systems it is mirrored in.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, formatDateTime, issueRoute, type Ticket } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { displayName } from '../../components/display-name.ts';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteTicket, fetchTicket, TICKET_KEYS } from './api/tickets-api.ts';
import { FixesGrouped } from './components/FixesGrouped.tsx';
import { RetestProgress } from './components/RetestProgress.tsx';
import { SubtasksTable } from './components/SubtasksTable.tsx';
import { DueDate, PriorityBadge, TicketStatusBadge, assigneeText } from './components/ticket-columns.tsx';
import { CommentForm, TicketHistory } from './components/TicketHistory.tsx';
import { TicketStatusActions } from './components/TicketStatusActions.tsx';
import { RelatedTickets, TicketScope } from './components/TicketScope.tsx';
import { TicketSync } from './components/TicketSync.tsx';
import { TicketWatchers } from './components/TicketWatchers.tsx';
import { useTicketAccess } from './ticket-access.ts';
import { TICKETS_PATH, groupingLabel, ticketEditPath, typeLabel } from './ticket-format.ts';

const MESSAGES = crudMessages('ticket');

function customFieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Who opened it: a person, a remediation rule, or Bulwark itself. */
function openedBy(ticket: Ticket): string {
  if (ticket.created_by) return displayName(ticket.created_by);
  return ticket.rule_id !== null ? 'a rule' : 'Bulwark';
}

function TicketFacts({ ticket }: { ticket: Ticket }) {
  const custom = Object.entries(ticket.custom_fields);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" spacing="md" m={0}>
      <Fact label="Status">
        <TicketStatusBadge status={ticket.status} label={ticket.status_label} />
      </Fact>
      <Fact label="Priority">
        <PriorityBadge priority={ticket.priority} />
      </Fact>
      <Fact label="Assignee">{assigneeText(ticket)}</Fact>
      <Fact label="Due date">
        <DueDate ticket={ticket} />
      </Fact>
      <Fact label="Type">{ticket.type_label || typeLabel(ticket.type)}</Fact>
      <Fact label="Grouping">{groupingLabel(ticket.grouping)}</Fact>
      {ticket.issue && (
        <Fact label="Vulnerability">
          <Anchor component={Link} to={issueRoute(ticket.issue.hid)} size="sm">
            {ticket.issue.name}
          </Anchor>
        </Fact>
      )}
      {ticket.asset && (
        <Fact label="Asset">
          <Anchor component={Link} to={`/assets/unified-assets/view/${ticket.asset.id}`} size="sm">
            {ticket.asset.name}
          </Anchor>
        </Fact>
      )}
      <Fact label="Open findings">{`${ticket.open_findings} of ${ticket.subtasks_count}`}</Fact>
      <Fact label="Asset risk score">{Math.round(ticket.asset_risk_score)}</Fact>
      <Fact label="Threat score">{Math.round(ticket.issue_threat_score)}</Fact>
      <Fact label="Opened">{`${formatDateTime(ticket.created_at)} by ${openedBy(ticket)}`}</Fact>
      {ticket.closed_at && <Fact label="Closed">{formatDateTime(ticket.closed_at)}</Fact>}
      {custom.map(([key, value]) => (
        <Fact key={key} label={key.replace(/_/g, ' ')}>
          {customFieldText(value)}
        </Fact>
      ))}
    </SimpleGrid>
  );
}

export default function TicketViewPage() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useTicketAccess();
  const [deleting, setDeleting] = useState(false);
  const { data: ticket, error } = useQuery({ queryKey: TICKET_KEYS.one(uuid), queryFn: ({ signal }) => fetchTicket(uuid, signal) });

  const back = (
    <Anchor component={Link} to={TICKETS_PATH} size="sm">
      ← Tickets
    </Anchor>
  );
  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Ticket" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          {missing
            ? 'There is no such ticket, or it is about assets you may not see.'
            : messageOf(error, 'The ticket could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!ticket) return <PageLoader />;

  async function remove() {
    try {
      await deleteTicket(uuid);
      toastSuccess(MESSAGES.deleted);
      await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
      void navigate(TICKETS_PATH);
    } catch (failure) {
      toastFailure(failure, MESSAGES.deleteFailed);
    }
  }

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={`#${ticket.number} ${ticket.title}`}
        description={ticket.description || undefined}
        actions={
          <Group gap="xs">
            {access.update && (
              <Button component={Link} to={ticketEditPath(ticket.uuid)} variant="default">
                Edit
              </Button>
            )}
            {access.delete && (
              <Button variant="light" color="red" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      {access.update && <TicketStatusActions ticket={ticket} ticketRef={uuid} />}
      {ticket.retest_run_id !== null && <RetestProgress runId={ticket.retest_run_id} ticketRef={uuid} />}
      <Card withBorder padding="md">
        <TicketFacts ticket={ticket} />
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding="md">
            <Tabs defaultValue="subtasks" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="subtasks">Subtasks ({ticket.subtasks_count})</Tabs.Tab>
                <Tabs.Tab value="fixes">Fixes grouped</Tabs.Tab>
                <Tabs.Tab value="assets">Assets</Tabs.Tab>
                <Tabs.Tab value="vulnerabilities">Vulnerabilities</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="subtasks" pt="md">
                <SubtasksTable ticketRef={uuid} canUpdate={access.update} />
              </Tabs.Panel>
              <Tabs.Panel value="fixes" pt="md">
                <FixesGrouped ticketRef={uuid} />
              </Tabs.Panel>
              <Tabs.Panel value="assets" pt="md">
                <TicketScope ticketRef={uuid} part="asset" />
              </Tabs.Panel>
              <Tabs.Panel value="vulnerabilities" pt="md">
                <TicketScope ticketRef={uuid} part="vulnerability" />
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  Ticketing systems
                </Title>
                <TicketSync ticketRef={uuid} canUpdate={access.update} />
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  Watchers
                </Title>
                <TicketWatchers ticketRef={uuid} me={access.userId} />
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  Related tickets
                </Title>
                <RelatedTickets ticketRef={uuid} />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Comments and history
          </Title>
          {access.update ? (
            <CommentForm ticketRef={uuid} />
          ) : (
            <Text size="sm" c="dimmed">
              You may read this ticket but not comment on it.
            </Text>
          )}
          <TicketHistory ticketRef={uuid} />
        </Stack>
      </Card>
      <ConfirmDialog opened={deleting} title="Delete ticket" confirmLabel="Delete" onConfirm={remove} onClose={() => setDeleting(false)}>
        {`Ticket #${ticket.number} and its history are deleted. Its findings stay, and may be ticketed again.`}
      </ConfirmDialog>
    </Stack>
  );
}
