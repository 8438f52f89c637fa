// An issue's page (/vm/unified-vulnerabilities/hid/{hid}, hid/{hid}/{tab}, and cve/{hid} for a CVE id): one weakness
// across your assets, with the tab in the URL — overview, affected assets, evidence, timeline and references — and
// "Create ticket" and "Ignore on all assets" from the header.
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ISSUE_TABS, issueHid, issueRoute, type IssueTab } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { IgnoreDialog } from './components/IgnoreDialog.tsx';
import { IgnoreRuleNotice } from './components/IgnoreRuleNotice.tsx';
import { FindingEvidence, FindingTimeline, IssueFindings } from './components/IssueFindings.tsx';
import { IssueOverview, IssueReferences } from './components/IssueOverview.tsx';
import { KnownBadges, RiskBadge, SeverityBadge } from './components/vulnerability-columns.tsx';
import { fetchIssueDetails, VULN_KEYS } from './api/vulnerabilities-api.ts';
import { LIST_PATH } from './vulnerability-format.ts';
// Issue 29: "Create ticket" for the issue on all its assets.
import { CreateTicketButton } from '../tickets/components/CreateTicketButton.tsx';

const TAB_LABELS: Record<IssueTab, string> = {
  overview: 'Overview',
  assets: 'Affected assets',
  evidence: 'Evidence',
  timeline: 'Timeline',
  references: 'References',
};

const isTab = (t: string | undefined): t is IssueTab => (ISSUE_TABS as readonly string[]).includes(t ?? '');
const CVE_ID = /^CVE-\d{4}-\d{4,}$/i;

export default function IssuePage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [ignoring, setIgnoring] = useState(false);
  const raw = params.hid ?? '';
  // cve/{hid} shows the same page for a CVE id, whatever its case.
  const hid = location.pathname.includes('/unified-vulnerabilities/cve/') ? issueHid('cve', raw) : raw;
  const tab: IssueTab = isTab(params.tab) ? params.tab : 'overview';
  const { data: issue, error } = useQuery({
    queryKey: VULN_KEYS.issue(hid),
    queryFn: ({ signal }) => fetchIssueDetails(hid, signal),
    enabled: hid !== '',
  });

  const back = (
    <Anchor component={Link} to={LIST_PATH} size="sm">
      ← Vulnerabilities
    </Anchor>
  );
  if (hid === '' || error) {
    const missing = hid === '' || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={hid || 'Vulnerability'} />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          <Stack gap="xs">
            <Text size="sm">
              {missing
                ? 'This vulnerability is not on any asset you may see: nothing found it yet, or the assets it was on are gone.'
                : messageOf(error, 'The vulnerability could not be loaded.')}
            </Text>
            {missing && CVE_ID.test(hid) && (
              <Anchor component={Link} to={`${LIST_PATH}?group=asset&cve=${encodeURIComponent(hid)}&state=active&state=ignored`} size="sm">
                Findings that mention {hid}
              </Anchor>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (!issue) return <PageLoader />;

  // Changing tabs keeps the chosen finding (evidence and timeline share it).
  const finding = new URLSearchParams(location.search).get('finding');
  const goTo = (t: string | null) => {
    if (!isTab(t ?? undefined)) return;
    void navigate(`${issueRoute(issue.hid, t === 'overview' ? undefined : (t ?? undefined))}${finding ? `?finding=${finding}` : ''}`);
  };

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={issue.name}
        description={[issue.hid, ...issue.cves.filter((c) => c !== issue.hid)].join(' · ')}
        actions={
          <Group gap="xs">
            <CreateTicketButton source={{ kind: 'issue', hid: issue.hid, name: issue.name }} label="Create ticket…" />
            <Button variant="light" onClick={() => setIgnoring(true)}>
              Ignore on all assets…
            </Button>
          </Group>
        }
      />
      <Group gap="sm">
        <SeverityBadge severity={issue.severity} label={issue.severity_label} />
        <Text size="sm">Risk score</Text>
        <RiskBadge score={issue.risk_score} />
        <KnownBadges exploit={issue.exploit_known} ransomware={issue.ransomware_known} />
        <Text size="sm" c="dimmed">
          On {issue.counts.assets} {issue.counts.assets === 1 ? 'asset' : 'assets'}, {issue.counts.open} open
        </Text>
        {issue.test_ignored && (
          <Badge color="gray" variant="outline">
            Test ignored
          </Badge>
        )}
      </Group>
      <IgnoreRuleNotice issue={issue} />
      <Tabs value={tab} onChange={goTo} keepMounted={false}>
        <Tabs.List>
          {ISSUE_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <IssueOverview issue={issue} />
        </Tabs.Panel>
        <Tabs.Panel value="assets" pt="md">
          <IssueFindings hid={issue.hid} />
        </Tabs.Panel>
        <Tabs.Panel value="evidence" pt="md">
          <FindingEvidence hid={issue.hid} />
        </Tabs.Panel>
        <Tabs.Panel value="timeline" pt="md">
          <FindingTimeline hid={issue.hid} />
        </Tabs.Panel>
        <Tabs.Panel value="references" pt="md">
          <IssueReferences issue={issue} />
        </Tabs.Panel>
      </Tabs>
      <IgnoreDialog
        target={ignoring ? { hids: [issue.hid] } : null}
        what={`${issue.name} (${issue.hid}) on all its assets, now ${issue.counts.open} open ${issue.counts.open === 1 ? 'finding' : 'findings'}.`}
        onClose={() => setIgnoring(false)}
        onDone={() => undefined}
      />
    </Stack>
  );
}
