// /policies/alerts: what changed on watched assets — trigger, asset, what changed, severity, state, first and last seen,
// how often — filtered by profile, trigger, asset, state and time, with a chart of alerts by trigger; dismissed one by
// one or the selected ones at once. /policies/alerts/show/{profileId}/{profileTriggering} is the same list for one
// profile's one trigger, titled "<trigger> — <profile>".
import { useRef, useState } from 'react';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ALERT_STATES,
  MONITORING_TRIGGERS,
  MONITORING_TRIGGER_LABELS,
  SEVERITY_LABELS,
  type MonitoringAlert,
  type MonitoringTrigger,
} from '@bulwark/core';
import type { QueryParams } from '../../api/query-string.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { ALERT_STATE_LABELS, assetText } from './alert-format.ts';
import { AlertsChart } from './components/AlertsChart.tsx';
import { alertColumns } from './components/alert-columns.tsx';
import { useMonitoringAccess } from './monitoring-access.ts';
import { MONITORING_KEYS, dismissAlert, fetchAlertCounts, fetchAlerts } from './monitoring-api.ts';
import { useProfileChoices, type Choice } from './monitoring-choices.ts';

const TRIGGER_OPTIONS = MONITORING_TRIGGERS.map((t) => ({ value: t, label: MONITORING_TRIGGER_LABELS[t] }));
const SEVERITY_OPTIONS = ([4, 3, 2, 1, 0] as const).map((s) => ({ value: String(s), label: SEVERITY_LABELS[s] }));
const STATE_OPTIONS = ALERT_STATES.map((s) => ({ value: s, label: ALERT_STATE_LABELS[s] }));

function alertFilters(profiles: Choice[], assets: Choice[], scoped: boolean): FilterDef[] {
  return [
    { kind: 'text', name: 'search', label: 'Search', placeholder: 'Title, subject or asset', width: 220 },
    ...(scoped
      ? []
      : ([
          { kind: 'select', name: 'profile', label: 'Profile', options: profiles, placeholder: 'Any profile' },
          { kind: 'select', name: 'trigger', label: 'Trigger', options: TRIGGER_OPTIONS, placeholder: 'Any trigger', width: 240 },
        ] satisfies FilterDef[])),
    { kind: 'select', name: 'asset', label: 'Asset', options: assets, placeholder: 'Any asset' },
    { kind: 'select', name: 'state', label: 'State', options: STATE_OPTIONS, placeholder: 'Any state', width: 160 },
    { kind: 'select', name: 'severity_min', label: 'Severity at least', options: SEVERITY_OPTIONS, advanced: true, width: 160 },
    { kind: 'date-range', name: 'last_seen', label: 'Seen', fromLabel: 'Seen from', toLabel: 'Seen to', advanced: true },
    { kind: 'date-range', name: 'first_seen', label: 'First seen', advanced: true },
  ];
}

const isTrigger = (v: string | undefined): v is MonitoringTrigger => (MONITORING_TRIGGERS as readonly string[]).includes(v ?? '');

export default function AlertsPage() {
  const queryClient = useQueryClient();
  const access = useMonitoringAccess();
  const params = useParams<{ profileId?: string; profileTriggering?: string }>();
  const scoped = params.profileId !== undefined;
  const trigger = isTrigger(params.profileTriggering) ? params.profileTriggering : null;
  const { profiles, assets } = useProfileChoices();
  const [dismissing, setDismissing] = useState<readonly MonitoringAlert[] | null>(null);

  // The list's own rows name assets too (hosts found in a watched network or by a tag are not named by the profiles).
  const [rowAssets, setRowAssets] = useState<readonly Choice[]>([]);
  const assetOptions = [...assets, ...rowAssets.filter((r) => !assets.some((a) => a.value === r.value))];
  const clearSelection = useRef<(() => void) | null>(null);
  const filters = alertFilters(profiles, assetOptions, scoped);
  const list = useListState({
    pageSize: 50,
    defaultOrdering: '-last_seen',
    sortKeys: ['last_seen', 'first_seen', 'severity', 'count'],
    filters,
  });
  const fixed: QueryParams = scoped ? { profile: params.profileId, trigger: params.profileTriggering } : {};
  const query: QueryParams = { ...list.query, ...fixed };
  const valid = !scoped || (trigger !== null && /^[0-9]+$/.test(params.profileId ?? ''));

  const { data, error, isFetching, refetch } = useQuery({
    queryKey: MONITORING_KEYS.alertList(query),
    queryFn: async ({ signal }) => {
      const page = await fetchAlerts(query, signal);
      setRowAssets((known) => {
        const added = page.results
          .map((a) => ({ value: String(a.asset.id), label: assetText(a.asset) }))
          .filter((c, i, all) => !known.some((k) => k.value === c.value) && all.findIndex((x) => x.value === c.value) === i);
        return added.length === 0 ? known : [...known, ...added];
      });
      return page;
    },
    placeholderData: keepPreviousData,
    enabled: valid,
  });
  // The chart counts under the same filters, every trigger (paging, ordering and the trigger filter left out).
  const { page: _page, page_size: _size, ordering: _ordering, trigger: _trigger, ...countFilters } = list.query;
  const counts = useQuery({
    queryKey: MONITORING_KEYS.alertCounts(countFilters),
    queryFn: ({ signal }) => fetchAlertCounts(countFilters, signal),
    placeholderData: keepPreviousData,
    enabled: !scoped,
  });

  async function dismiss(alerts: readonly MonitoringAlert[], clear?: () => void) {
    let done = 0;
    try {
      for (const a of alerts) {
        await dismissAlert(a.id);
        done += 1;
      }
      toastSuccess(done === 1 ? 'Alert dismissed.' : `${done} alerts dismissed.`);
      setDismissing(null);
      clear?.();
    } catch (failure) {
      toastFailure(failure, done > 0 ? `${done} of ${alerts.length} alerts dismissed; the rest could not be.` : 'Cannot dismiss alert.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: MONITORING_KEYS.all });
    }
  }

  const profileName = profiles.find((p) => p.value === params.profileId)?.label ?? `Profile ${params.profileId ?? ''}`;
  const title = scoped && trigger ? `${MONITORING_TRIGGER_LABELS[trigger]} — ${profileName}` : 'Alerts';
  if (!valid)
    return (
      <Stack gap="md">
        <PageHeader title="Alerts" />
        <Text>
          There is no such trigger.{' '}
          <Anchor component={Link} to="/policies/alerts">
            See all alerts
          </Anchor>
          .
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={
          scoped ? (
            <>
              This profile's alerts of this trigger.{' '}
              <Anchor component={Link} to="/policies/alerts">
                See all alerts
              </Anchor>
              .
            </>
          ) : (
            'What changed on the assets your monitoring profiles watch: each change alerts once, confirmed by a second look, and is updated while it lasts.'
          )
        }
      />
      {!scoped && (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            Alerts by trigger
          </Title>
          <AlertsChart counts={counts.data} onTrigger={(t) => list.setFilter('trigger', { kind: 'select', value: t })} />
        </Card>
      )}
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter alerts" filters={filters} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="monitoring-alerts"
            caption="Alerts"
            columns={alertColumns({
              canDismiss: access.delete,
              onDismiss: (a) => {
                clearSelection.current = null;
                setDismissing([a]);
              },
            })}
            rows={data?.results}
            rowKey={(a) => a.id}
            rowProps={(a) => ({ 'data-alert-id': a.id, 'data-trigger': a.trigger, 'data-state': a.state })}
            error={error}
            errorMessage="The alerts could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading alerts…"
            empty={
              list.activeFilters > 0
                ? { title: 'No alert matches these filters.' }
                : {
                    title: 'No alerts.',
                    description: (
                      <>
                        Alerts appear when a watched asset changes: a port opens, a service or certificate changes, a new vulnerability is
                        found.{' '}
                        <Anchor component={Link} to="/policies/monitoring-profiles">
                          Monitoring profiles
                        </Anchor>{' '}
                        say what is watched.
                      </>
                    ),
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'alerts', 'alert')}
            selection={
              access.delete
                ? {
                    rowLabel: (a) => a.title,
                    actions: (selected, clear) => (
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="light"
                        onClick={() => {
                          clearSelection.current = clear;
                          setDismissing(selected);
                        }}
                      >
                        Dismiss {selected.length === 1 ? 'alert' : `${selected.length} alerts`}
                      </Button>
                    ),
                  }
                : undefined
            }
          />
        </Stack>
      </Card>
      <ConfirmDialog
        opened={dismissing !== null}
        title={dismissing && dismissing.length > 1 ? `Dismiss ${dismissing.length} alerts` : 'Dismiss alert'}
        confirmLabel="Dismiss"
        onConfirm={() => (dismissing ? dismiss(dismissing, clearSelection.current ?? undefined) : undefined)}
        onClose={() => {
          clearSelection.current = null;
          setDismissing(null);
        }}
      >
        <Text size="sm">
          {dismissing && dismissing.length === 1 ? (
            <>
              Dismiss <strong>{dismissing[0]!.title}</strong>?
            </>
          ) : (
            `Dismiss ${dismissing?.length ?? 0} alerts?`
          )}{' '}
          The change stays known, so it does not alert again while it lasts; a new change does.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
