// The result page of one run of any scan kind: back to the kind's scans, the run's name and allowed actions, the kind's
// summary, and the kind's result tabs (core descriptor: keys, labels, counts) with the panels the kind gives for them;
// a missing or unloadable run says so. The tabs keep asking while the run moves, so results appear as they are processed.
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Card, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { scanListPath, type ScanKind, type ScanRunRow } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ErrorsTab } from './ErrorsTab.tsx';
import { RunActionsMenu } from './RunActionsMenu.tsx';
import { runQuery } from './scan-queries.ts';
import { runPollInterval } from './scan-format.ts';

/** What a tab's panel gets: the run, how often to ask again, and a way to open another tab. */
export interface ResultTabContext {
  run: ScanRunRow;
  polling: number | false;
  showTab(key: string): void;
}

export interface RunResultShellProps {
  kind: ScanKind;
  /** The line under the run's name. */
  description(run: ScanRunRow): string;
  /** Shown between the heading and the summary (e.g. the feeds' health). */
  notice?: ReactNode;
  Summary: ComponentType<{ run: ScanRunRow }>;
  /** The panel of each of the kind's result tabs, by key; the errors tab is every kind's own. */
  panels: Record<string, ComponentType<ResultTabContext>>;
}

export function RunResultShell({ kind, description, notice, Summary, panels }: RunResultShellProps) {
  const { runId } = useParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState(kind.resultTabs[0]!.key);
  const { data: run, error } = useQuery(runQuery(Number(runId), kind.type));
  const listPath = scanListPath(kind);
  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      {`← ${kind.labels.scans}`}
    </Anchor>
  );

  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={kind.labels.result} />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert" title={missing ? `No such ${kind.labels.run}` : undefined}>
          {missing
            ? `This ${kind.labels.run} does not exist or was deleted.`
            : messageOf(error, `The ${kind.labels.run} could not be loaded.`)}
        </Alert>
      </Stack>
    );
  }
  if (!run) return <PageLoader label={`Loading the ${kind.labels.run}…`} />;

  const polling = runPollInterval([run]);
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={run.name}
        description={description(run)}
        actions={<RunActionsMenu run={run} variant="buttons" onDeleted={() => void navigate(listPath, { replace: true })} />}
      />
      {notice}
      <Summary run={run} />
      <Card withBorder padding="md">
        <Tabs value={tab} onChange={(value) => setTab(value ?? kind.resultTabs[0]!.key)} keepMounted={false}>
          <Tabs.List aria-label={kind.labels.result}>
            {kind.resultTabs.map((t) => (
              <Tabs.Tab
                key={t.key}
                value={t.key}
                rightSection={
                  t.badge && (
                    <Badge size="xs" variant="light">
                      {run[t.badge]}
                    </Badge>
                  )
                }
              >
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {kind.resultTabs.map((t) => {
            const Panel = panels[t.key];
            return (
              <Tabs.Panel key={t.key} value={t.key} pt="md">
                {Panel ? (
                  <Panel run={run} polling={polling} showTab={setTab} />
                ) : (
                  <ErrorsTab runId={run.id} polling={polling} kind={kind.type} />
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Card>
    </Stack>
  );
}
