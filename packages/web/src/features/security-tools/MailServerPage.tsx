// /security-tools/mail-servers/view/{serverId} (cm-mailservers): one watched mail domain — its settings and last state,
// the last run's checks grouped (the domain's DNS, then each MX host), its MX records, the pass/fail history of each
// check over the recent runs, and the scan log (a run opens its checks). Check now, edit, delete. A 404 says the spec's
// words (§8).
import { useState } from 'react';
import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MAIL_CHECKS, MAIL_SERVER_NOT_FOUND, formatDateTime, formatInterval, type MailServerMonitor } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { mailServers } from './api.ts';
import { CheckHistory } from './components/CheckHistory.tsx';
import { MailChecks, MxRecords } from './components/MailChecks.tsx';
import { MailServerForm } from './components/MailServerForm.tsx';
import { mailServerName, tallyText } from './components/mail-server-columns.tsx';
import { LoadMonitor } from './components/LoadMonitor.tsx';
import { MonitorPageHeader } from './components/MonitorPageHeader.tsx';
import { ScanLog } from './components/ScanLog.tsx';
import { Section } from './components/Section.tsx';
import { LastRun } from './components/website-columns.tsx';
import { useMonitoringAccess as useMonitorAccess } from '../monitoring/monitoring-access.ts';
import { checkLabel, recipientList } from './monitor-format.ts';
import { useMonitorActions } from './use-monitor-actions.ts';

const LIST_PATH = '/security-tools/mail-servers';
const HISTORY_QUERY = { page_size: 50 };

function Summary({ m }: { m: MailServerMonitor }) {
  const emails = recipientList(m.notification_email_recipients);
  const phones = recipientList(m.notification_sms_recipients);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} spacing="md" m={0}>
      <Fact label="Domain">{m.domain_override ? m.domain : `${m.domain} (from the host)`}</Fact>
      <Fact label="Mail server">
        {m.asset.address && m.asset.address !== m.asset.name ? `${m.asset.name} (${m.asset.address})` : m.asset.name}
      </Fact>
      <Fact label="Last run">
        <LastRun at={m.last_run} />
      </Fact>
      <Fact label="Checks">{tallyText(m)}</Fact>
      <Fact label="Next run">{m.active && m.next_run ? formatDateTime(m.next_run) : 'Not scheduled (inactive)'}</Fact>
      <Fact label="Checked every">{formatInterval(m.interval)}</Fact>
      <Fact label="DKIM selectors">{m.dkim_selectors.length ? `Common ones and ${m.dkim_selectors.join(', ')}` : 'The common ones'}</Fact>
      <Fact label="Open relay">{m.check_relay ? 'Checked' : 'Not checked'}</Fact>
      <Fact label="E-mail recipients">{emails.length ? emails.join(', ') : 'None'}</Fact>
      <Fact label="SMS recipients">{phones.length ? phones.join(', ') : 'None'}</Fact>
    </SimpleGrid>
  );
}

function MailServer({ m }: { m: MailServerMonitor }) {
  const navigate = useNavigate();
  const access = useMonitorAccess();
  const actions = useMonitorActions(mailServers, 'mail_server', mailServerName);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const history = useQuery({
    queryKey: mailServers.keys.logs(m.id, HISTORY_QUERY),
    queryFn: ({ signal }) => mailServers.logs(m.id, HISTORY_QUERY, signal),
  });
  const newest = history.data?.results ?? [];
  const last = newest[0];
  const runs = [...newest].reverse();

  return (
    <Stack gap="md">
      <MonitorPageHeader
        title={m.domain}
        listPath={LIST_PATH}
        listLabel="All mail servers"
        status={m.last_status}
        active={m.active}
        access={access}
        checking={actions.busy.has(m.id)}
        onCheck={() => void actions.checkNow(m)}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
      />
      <Section title="Summary">
        <Summary m={m} />
      </Section>
      {history.isPending ? (
        <PageLoader label="Loading the last runs…" />
      ) : history.isError ? (
        <Text size="sm" c="red" role="alert">
          {messageOf(history.error, 'The last runs could not be loaded.')}
        </Text>
      ) : last ? (
        <>
          <Section title={`Last run: ${formatDateTime(last.started)}`}>
            {last.newly_failing.length > 0 && (
              <Text size="sm" c="red">
                Started failing in this run: {last.newly_failing.map((c) => checkLabel('mail', c)).join(', ')}.
              </Text>
            )}
            <MailChecks result={last.result} />
          </Section>
          <Section title="MX records">
            <MxRecords mx={last.result.mx} />
          </Section>
          <Section title="Check history">
            <CheckHistory
              kind="mail"
              runs={runs.map((l) => ({ started: l.started, checks: l.result.checks }))}
              order={Object.keys(MAIL_CHECKS)}
            />
          </Section>
        </>
      ) : (
        <Section title="Last run">
          <Text size="sm" c="dimmed">
            Not checked yet. It is checked on its schedule, or now with Check now.
          </Text>
        </Section>
      )}
      <Section title="Scan log">
        <ScanLog
          kind="mail"
          monitorId={m.id}
          calls={mailServers}
          columns={[
            { key: 'passed', header: 'Passed', cell: (l) => <Text size="sm">{l.passed}</Text> },
            { key: 'warnings', header: 'Warnings', cell: (l) => <Text size="sm">{l.warnings}</Text> },
            { key: 'failed', header: 'Failed', cell: (l) => <Text size="sm">{l.failed}</Text> },
          ]}
        />
      </Section>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit mail server" size="lg">
        {editing && <MailServerForm server={m} onDone={() => setEditing(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete mail server"
        confirmLabel="Delete mail server"
        onConfirm={async () => {
          if (await actions.remove(m)) void navigate(LIST_PATH);
        }}
        onClose={() => setDeleting(false)}
      >
        <Text size="sm">
          Stop watching <strong>{m.domain}</strong>? Its scan log is deleted with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

export default function MailServerPage() {
  const { serverId = '' } = useParams();
  return (
    <LoadMonitor
      param={serverId}
      calls={mailServers}
      title="Mail server"
      listPath={LIST_PATH}
      listLabel="All mail servers"
      notFound={MAIL_SERVER_NOT_FOUND}
    >
      {(m) => <MailServer m={m} />}
    </LoadMonitor>
  );
}
