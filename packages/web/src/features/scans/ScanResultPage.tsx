// /scans/scans/view/nscan/{runId}: one run's summary, its allowed actions, and tabs for findings, hosts and errors.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Card, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError, messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { FeedHealthAlert } from '../intel/FeedHealthAlert.tsx';
import { ErrorsTab } from './ErrorsTab.tsx';
import { FindingsTab } from './FindingsTab.tsx';
import { HostsTab } from './HostsTab.tsx';
import { RunActionsMenu } from './RunActionsMenu.tsx';
import { RunSummary } from './RunSummary.tsx';
import { runQuery } from './scan-queries.ts';
import { runPollInterval, SCANS_PATH } from './scan-format.ts';

export default function ScanResultPage() {
  const { runId } = useParams();
  const navigate = useNavigate();
  const id = Number(runId);
  const { data: run, error } = useQuery(runQuery(id));

  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        <PageHeader title="Scan result" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert" title={missing ? 'No such scan run' : undefined}>
          {missing ? 'This scan run does not exist or was deleted.' : messageOf(error, 'The scan run could not be loaded.')}{' '}
          <Anchor component={Link} to={SCANS_PATH}>
            Back to the scans
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  if (!run) return <PageLoader label="Loading the scan run…" />;

  // The tabs keep asking while the run moves, so findings and hosts appear as they are processed.
  const polling = runPollInterval([run]);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={SCANS_PATH} size="sm">
        ← Scans
      </Anchor>
      <PageHeader
        title={run.name}
        description={`Run ${run.id} of scan ${run.scan_id}`}
        actions={<RunActionsMenu run={run} variant="buttons" onDeleted={() => void navigate(SCANS_PATH, { replace: true })} />}
      />
      <FeedHealthAlert />
      <RunSummary run={run} />
      <Card withBorder padding="md">
        <Tabs defaultValue="findings" keepMounted={false}>
          <Tabs.List aria-label="Scan result">
            <Tabs.Tab
              value="findings"
              rightSection={
                <Badge size="xs" variant="light">
                  {run.cnt_vulns}
                </Badge>
              }
            >
              Findings
            </Tabs.Tab>
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
          <Tabs.Panel value="findings" pt="md">
            <FindingsTab runId={run.id} polling={polling} />
          </Tabs.Panel>
          <Tabs.Panel value="hosts" pt="md">
            <HostsTab runId={run.id} polling={polling} />
          </Tabs.Panel>
          <Tabs.Panel value="errors" pt="md">
            <ErrorsTab runId={run.id} polling={polling} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
