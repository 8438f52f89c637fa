// /security-tools/websites/view/{websiteId}: one watched website — its settings and last state, the last run's checks,
// TLS details, security headers and redirects, history charts of response time and days to certificate expiry over the
// recent runs, and the scan log (a run opens its checks). Check now, edit, delete. A 404 says the spec's words (§8).
import { useState } from 'react';
import { Anchor, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { WEBSITE_CHECKS, WEBSITE_NOT_FOUND, formatDateTime, formatInterval, type WebsiteMonitor, type WebsiteScanLog } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { websites } from './api.ts';
import { CheckHistory } from './components/CheckHistory.tsx';
import { ChecksTable } from './components/ChecksTable.tsx';
import { HistoryChart } from './components/HistoryChart.tsx';
import { LoadMonitor } from './components/LoadMonitor.tsx';
import { MonitorPageHeader } from './components/MonitorPageHeader.tsx';
import { ScanLog } from './components/ScanLog.tsx';
import { Section } from './components/Section.tsx';
import { SecurityHeaders } from './components/SecurityHeaders.tsx';
import { TlsFacts } from './components/TlsFacts.tsx';
import { WebsiteForm } from './components/WebsiteForm.tsx';
import { LastRun, websiteName } from './components/website-columns.tsx';
import { useMonitoringAccess as useMonitorAccess } from '../monitoring/monitoring-access.ts';
import { formatDaysLeft, formatMs, recipientList } from './monitor-format.ts';
import { useMonitorActions } from './use-monitor-actions.ts';

const LIST_PATH = '/security-tools/websites';
/** Runs the charts and the check history draw. */
export const HISTORY_RUNS = 50;
const HISTORY_QUERY = { page_size: HISTORY_RUNS };

function Summary({ w }: { w: WebsiteMonitor }) {
  const emails = recipientList(w.notification_email_recipients);
  const phones = recipientList(w.notification_sms_recipients);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} spacing="md" m={0}>
      <Fact label="URL">
        <Anchor href={w.url} target="_blank" rel="noreferrer" size="sm">
          {w.url}
        </Anchor>
      </Fact>
      <Fact label="Web application">{w.asset ? w.asset.name : 'None'}</Fact>
      <Fact label="Status code">{w.last_status_code ?? '–'}</Fact>
      <Fact label="Response time">{formatMs(w.last_response_ms)}</Fact>
      <Fact label="Certificate expires in">{formatDaysLeft(w.cert_days_left)}</Fact>
      <Fact label="Last run">
        <LastRun at={w.last_run} />
      </Fact>
      <Fact label="Next run">{w.active && w.next_run ? formatDateTime(w.next_run) : 'Not scheduled (inactive)'}</Fact>
      <Fact label="Checked every">{formatInterval(w.interval)}</Fact>
      <Fact label="Expected status">{w.expected_status ?? 'Any 2xx'}</Fact>
      <Fact label="Slow above">{formatMs(w.slow_ms)}</Fact>
      <Fact label="Content change">{w.watch_content ? 'Alerts' : 'Not watched'}</Fact>
      <Fact label="Keywords">
        {[
          w.keywords_required.length ? `Must contain: ${w.keywords_required.join(', ')}` : null,
          w.keywords_forbidden.length ? `Must not contain: ${w.keywords_forbidden.join(', ')}` : null,
        ]
          .filter(Boolean)
          .join(' · ') || 'None'}
      </Fact>
      <Fact label="E-mail recipients">{emails.length ? emails.join(', ') : 'None'}</Fact>
      <Fact label="SMS recipients">{phones.length ? phones.join(', ') : 'None'}</Fact>
    </SimpleGrid>
  );
}

function LastRunDetails({ log }: { log: WebsiteScanLog | undefined }) {
  if (!log)
    return (
      <Section title="Last run">
        <Text size="sm" c="dimmed">
          Not checked yet. It is checked on its schedule, or now with Check now.
        </Text>
      </Section>
    );
  const r = log.result;
  return (
    <>
      <Section title={`Last run: ${formatDateTime(log.started)}`}>
        {r.error && (
          <Text size="sm" c="red" role="alert">
            {r.error}
          </Text>
        )}
        <ChecksTable id="website-checks" caption="Checks of the last run" kind="website" checks={r.checks} hideTarget />
        {r.redirects.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Redirects
            </Text>
            <List size="sm" type="ordered" aria-label="Redirects">
              {r.redirects.map((x, i) => (
                <List.Item key={i}>
                  {x.status} → {x.url}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title="TLS">
          <TlsFacts tls={r.tls} />
        </Section>
        <Section title="Security headers">
          <SecurityHeaders headers={r.security_headers} />
        </Section>
      </SimpleGrid>
    </>
  );
}

function Website({ w }: { w: WebsiteMonitor }) {
  const navigate = useNavigate();
  const access = useMonitorAccess();
  const actions = useMonitorActions(websites, 'website', websiteName);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const history = useQuery({
    queryKey: websites.keys.logs(w.id, HISTORY_QUERY),
    queryFn: ({ signal }) => websites.logs(w.id, HISTORY_QUERY, signal),
  });
  const newest = history.data?.results ?? [];
  const runs = [...newest].reverse();
  const busy = actions.busy.has(w.id);

  return (
    <Stack gap="md">
      <MonitorPageHeader
        title={websiteName(w)}
        listPath={LIST_PATH}
        listLabel="All websites"
        status={w.last_status}
        active={w.active}
        access={access}
        checking={busy}
        onCheck={() => void actions.checkNow(w)}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
      />
      <Section title="Summary">
        <Summary w={w} />
      </Section>
      {history.isPending ? (
        <PageLoader label="Loading the last runs…" />
      ) : history.isError ? (
        <Text size="sm" c="red" role="alert">
          {messageOf(history.error, 'The last runs could not be loaded.')}
        </Text>
      ) : (
        <>
          <LastRunDetails log={newest[0]} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Section title="Response time">
              <HistoryChart
                title="Response time"
                valueName="Response time (ms)"
                points={runs.map((l) => ({ at: l.started, value: l.response_ms }))}
                empty="No response time measured yet."
                threshold={{ value: w.slow_ms, label: 'Slow' }}
              />
            </Section>
            <Section title="Days to certificate expiry">
              <HistoryChart
                title="Days to certificate expiry"
                valueName="Days left"
                color="teal"
                points={runs.map((l) => ({ at: l.started, value: l.cert_days_left }))}
                empty="No certificate read yet (plain HTTP, or no answer)."
                threshold={{ value: w.cert_days, label: 'Warning' }}
              />
            </Section>
          </SimpleGrid>
          <Section title="Check history">
            <CheckHistory
              kind="website"
              runs={runs.map((l) => ({ started: l.started, checks: l.result.checks }))}
              order={Object.keys(WEBSITE_CHECKS)}
            />
          </Section>
        </>
      )}
      <Section title="Scan log">
        <ScanLog
          kind="website"
          monitorId={w.id}
          calls={websites}
          columns={[
            { key: 'status_code', header: 'Status code', cell: (l) => <Text size="sm">{l.status_code ?? '–'}</Text> },
            { key: 'response_ms', header: 'Response time', cell: (l) => <Text size="sm">{formatMs(l.response_ms)}</Text> },
            { key: 'cert', header: 'Certificate expires in', cell: (l) => <Text size="sm">{formatDaysLeft(l.cert_days_left)}</Text> },
            {
              key: 'content',
              header: 'Content',
              cell: (l) => <Text size="sm">{l.content_changed === null ? '–' : l.content_changed ? 'Changed' : 'Unchanged'}</Text>,
            },
          ]}
        />
      </Section>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit website" size="lg">
        {editing && <WebsiteForm website={w} onDone={() => setEditing(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete website"
        confirmLabel="Delete website"
        onConfirm={async () => {
          if (await actions.remove(w)) void navigate(LIST_PATH);
        }}
        onClose={() => setDeleting(false)}
      >
        <Text size="sm">
          Stop watching <strong>{websiteName(w)}</strong>? Its scan log is deleted with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

export default function WebsitePage() {
  const { websiteId = '' } = useParams();
  return (
    <LoadMonitor
      param={websiteId}
      calls={websites}
      title="Website"
      listPath={LIST_PATH}
      listLabel="All websites"
      notFound={WEBSITE_NOT_FOUND}
    >
      {(w) => <Website w={w} />}
    </LoadMonitor>
  );
}
