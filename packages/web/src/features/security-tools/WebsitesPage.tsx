// /security-tools/websites (continuous-monitoring; hidden with onprem-subscriptions): the watched websites with their last
// state, status code, response time and days to certificate expiry; search and state filters; add and edit in a dialog,
// check now, on/off, delete after a confirm (core's website toasts).
import { useState } from 'react';
import { Button, Card, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MONITOR_RUN_STATUSES, type WebsiteMonitor } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { websites } from './api.ts';
import { WebsiteForm } from './components/WebsiteForm.tsx';
import { websiteColumns, websiteName } from './components/website-columns.tsx';
import { useMonitoringAccess as useMonitorAccess } from '../monitoring/monitoring-access.ts';
import { RUN_STATUS_LABELS } from './monitor-format.ts';
import { useMonitorActions } from './use-monitor-actions.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name, URL or web application', width: 240 },
  {
    kind: 'multi-select',
    name: 'last_status',
    label: 'State',
    options: MONITOR_RUN_STATUSES.map((s) => ({ value: s, label: RUN_STATUS_LABELS[s] })),
  },
  { kind: 'boolean', name: 'active', label: 'Active', trueLabel: 'Active', falseLabel: 'Inactive' },
];
const SORT_KEYS = ['name', 'last_status', 'last_response_ms', 'cert_days_left', 'last_run'];

export default function WebsitesPage() {
  const access = useMonitorAccess();
  const actions = useMonitorActions(websites, 'website', websiteName);
  // null: closed; 'new': adding; a website: editing it.
  const [editing, setEditing] = useState<WebsiteMonitor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebsiteMonitor | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: websites.keys.list(list.query),
    queryFn: ({ signal }) => websites.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const addButton = access.create ? <Button onClick={() => setEditing('new')}>Add website</Button> : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Websites"
        description="Websites checked on a schedule: availability, status, response time, redirects, certificate and TLS, security headers, content changes and keywords. Recipients are told when a check starts failing, once."
        actions={addButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter websites"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="websites"
            caption="Websites"
            columns={websiteColumns({
              access,
              busy: actions.busy,
              onCheck: (w) => void actions.checkNow(w),
              onToggle: (w, active) => void actions.setActive(w, active),
              onEdit: setEditing,
              onDelete: setDeleting,
            })}
            rows={data?.results}
            rowKey={(w) => w.id}
            rowProps={(w) => ({ 'data-website-id': w.id })}
            error={error}
            errorMessage="The websites could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading websites…"
            empty={
              list.activeFilters > 0
                ? { title: 'No website matches these filters.' }
                : {
                    title: 'No websites watched yet.',
                    description:
                      'Add a website to be told when it stops answering, answers an error, slows down, its certificate nears expiry or its content changes.',
                    action: addButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'websites', 'website')}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add website' : 'Edit website'}
        size="lg"
      >
        {editing !== null && <WebsiteForm website={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete website"
        confirmLabel="Delete website"
        onConfirm={async () => {
          if (deleting && (await actions.remove(deleting))) setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Stop watching <strong>{deleting ? websiteName(deleting) : ''}</strong>? Its scan log is deleted with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
