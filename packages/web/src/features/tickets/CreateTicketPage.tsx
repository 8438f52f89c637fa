// /remediation/unified-tickets/create/vuln/{id}: create tickets from a vulnerability. {id} is a finding's id (digits:
// that one finding) or an issue's hid (a CVE or test id: the issue on every asset it is open on), grouped individually,
// by asset or by vulnerability.
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { issueRoute } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchIssueDetails, VULN_KEYS } from '../vulnerabilities/api/vulnerabilities-api.ts';
import { CreateTicketForm, type TicketSource } from './components/CreateTicketForm.tsx';
import { TICKETS_PATH, ticketViewPath } from './ticket-format.ts';

export function sourceOfParam(id: string): TicketSource {
  return /^[0-9]+$/.test(id) ? { kind: 'findings', ids: [Number(id)] } : { kind: 'issue', hid: id };
}

export default function CreateTicketPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const source = sourceOfParam(id);
  const hid = source.kind === 'issue' ? source.hid : '';
  // The issue's name makes the page say what it is about; the form works without it.
  const issue = useQuery({ queryKey: VULN_KEYS.issue(hid), queryFn: ({ signal }) => fetchIssueDetails(hid, signal), enabled: hid !== '' });
  const named: TicketSource = source.kind === 'issue' && issue.data ? { ...source, name: issue.data.name } : source;
  const back =
    source.kind === 'issue' ? (
      <Anchor component={Link} to={issueRoute(source.hid)} size="sm">
        ← {issue.data?.name ?? source.hid}
      </Anchor>
    ) : (
      <Anchor component={Link} to={TICKETS_PATH} size="sm">
        ← Tickets
      </Anchor>
    );
  return (
    <Stack gap="md">
      {back}
      <PageHeader title="Create ticket" description="Hand the fix to the people who own the assets, with a due date." />
      <Card withBorder padding="lg" maw={900}>
        <CreateTicketForm
          source={named}
          onCancel={() => void navigate(-1)}
          onCreated={(created) => void navigate(created.length === 1 ? ticketViewPath(created[0]!.uuid) : TICKETS_PATH)}
        />
      </Card>
    </Stack>
  );
}
