// /security-tools/mail-servers (continuous-monitoring and cm-mailservers): the watched mail domains with their host,
// last state and the last run's passed / warnings / failed; search and state filters; add and edit in a dialog, check
// now, on/off, delete after a confirm (core's mail-server toasts).
import { useState } from 'react';
import { Button, Card, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MONITOR_RUN_STATUSES, type MailServerMonitor } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { mailServers } from './api.ts';
import { MailServerForm } from './components/MailServerForm.tsx';
import { mailServerColumns, mailServerName } from './components/mail-server-columns.tsx';
import { useMonitoringAccess as useMonitorAccess } from '../monitoring/monitoring-access.ts';
import { RUN_STATUS_LABELS } from './monitor-format.ts';
import { useMonitorActions } from './use-monitor-actions.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Domain, host name or address', width: 240 },
  {
    kind: 'multi-select',
    name: 'last_status',
    label: 'State',
    options: MONITOR_RUN_STATUSES.map((s) => ({ value: s, label: RUN_STATUS_LABELS[s] })),
  },
  { kind: 'boolean', name: 'active', label: 'Active', trueLabel: 'Active', falseLabel: 'Inactive' },
];
const SORT_KEYS = ['domain', 'last_status', 'failed', 'last_run'];

export default function MailServersPage() {
  const access = useMonitorAccess();
  const actions = useMonitorActions(mailServers, 'mail_server', mailServerName);
  const [editing, setEditing] = useState<MailServerMonitor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MailServerMonitor | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'domain', sortKeys: SORT_KEYS, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: mailServers.keys.list(list.query),
    queryFn: ({ signal }) => mailServers.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const addButton = access.create ? <Button onClick={() => setEditing('new')}>Add mail server</Button> : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Mail servers"
        description="Mail domains checked on a schedule: MX, SPF, DMARC, DKIM, MTA-STS, TLS-RPT and DNSSEC, and for each MX STARTTLS, its certificate, open relay, banner and reverse DNS, and block lists. Recipients are told when a check starts failing, once."
        actions={addButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter mail servers"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="mail-servers"
            caption="Mail servers"
            columns={mailServerColumns({
              access,
              busy: actions.busy,
              onCheck: (m) => void actions.checkNow(m),
              onToggle: (m, active) => void actions.setActive(m, active),
              onEdit: setEditing,
              onDelete: setDeleting,
            })}
            rows={data?.results}
            rowKey={(m) => m.id}
            rowProps={(m) => ({ 'data-mail-server-id': m.id })}
            error={error}
            errorMessage="The mail servers could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading mail servers…"
            empty={
              list.activeFilters > 0
                ? { title: 'No mail server matches these filters.' }
                : {
                    title: 'No mail servers watched yet.',
                    description:
                      'Add a mail server to be told when its domain’s SPF or DMARC weakens, STARTTLS or its certificate breaks, it relays for anyone, or it lands on a block list.',
                    action: addButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'mail servers', 'mail server')}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add mail server' : 'Edit mail server'}
        size="lg"
      >
        {editing !== null && <MailServerForm server={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete mail server"
        confirmLabel="Delete mail server"
        onConfirm={async () => {
          if (deleting && (await actions.remove(deleting))) setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Stop watching <strong>{deleting?.domain}</strong>? Its scan log is deleted with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
