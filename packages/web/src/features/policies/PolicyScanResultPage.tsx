// /scans/scans/view/oscan/{runId}: one policy run's summary and score, its allowed actions, and tabs for its rules (with
// their evidence), its hosts and its errors; polls while the run moves.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Card, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError, messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ErrorsTab } from '../scans/ErrorsTab.tsx';
import { RunActionsMenu } from '../scans/RunActionsMenu.tsx';
import { runQuery } from '../scans/scan-queries.ts';
import { POLICY_SCANS_PATH, runPollInterval } from '../scans/scan-format.ts';
import { PolicyHostsTab } from './PolicyHostsTab.tsx';
import { PolicyRulesTab, RULES_PREFIX } from './PolicyRulesTab.tsx';
import { PolicyRunSummary } from './PolicyRunSummary.tsx';

type Tab = 'rules' | 'hosts' | 'errors';

function BackLink() {
  return (
    <Anchor component={Link} to={POLICY_SCANS_PATH} size="sm">
      ← Policy scans
    </Anchor>
  );
}

export default function PolicyScanResultPage() {
  const { runId } = useParams();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const [tab, setTab] = useState<Tab>('rules');
  const id = Number(runId);
  const { data: run, error } = useQuery(runQuery(id, 'oval'));

  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        <BackLink />
        <PageHeader title="Policy scan result" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert" title={missing ? 'No such policy scan run' : undefined}>
          {missing ? 'This policy scan run does not exist or was deleted.' : messageOf(error, 'The policy scan run could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!run) return <PageLoader label="Loading the policy scan run…" />;

  /** The Rules tab filtered to one host (from the Hosts tab). */
  function showRules(hostId: number) {
    setSearch((current) => {
      const url = new URLSearchParams(current);
      url.set(`${RULES_PREFIX}.host`, String(hostId));
      url.delete(`${RULES_PREFIX}.page`);
      return url;
    });
    setTab('rules');
  }

  // The tabs keep asking while the run moves, so hosts and rules appear as they are processed.
  const polling = runPollInterval([run]);
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader
        title={run.name}
        description={`Policy run ${run.id} of scan ${run.scan_id}${run.policy ? ` · ${run.policy.name}` : ''}`}
        actions={<RunActionsMenu run={run} variant="buttons" onDeleted={() => void navigate(POLICY_SCANS_PATH, { replace: true })} />}
      />
      <PolicyRunSummary run={run} />
      <Card withBorder padding="md">
        <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'rules')} keepMounted={false}>
          <Tabs.List aria-label="Policy scan result">
            <Tabs.Tab value="rules">Rules</Tabs.Tab>
            <Tabs.Tab
              value="hosts"
              rightSection={
                <Badge size="xs" variant="light">
                  {run.hosts_up}
                </Badge>
              }
            >
              Hosts
            </Tabs.Tab>
            <Tabs.Tab value="errors">Errors</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rules" pt="md">
            <PolicyRulesTab runId={run.id} polling={polling} />
          </Tabs.Panel>
          <Tabs.Panel value="hosts" pt="md">
            <PolicyHostsTab runId={run.id} polling={polling} onShowRules={showRules} />
          </Tabs.Panel>
          <Tabs.Panel value="errors" pt="md">
            <ErrorsTab runId={run.id} polling={polling} kind="oval" />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
