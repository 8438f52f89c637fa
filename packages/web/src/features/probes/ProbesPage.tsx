// /sa/scan-appliances: the probes that scan for this customer: the built-in probe (health, load, version), the remote
// ones (status, heartbeat, group, version, runs), adding one with its registration token, and probe groups.
import { useState } from 'react';
import { Button, Card, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AddProbeForm } from './AddProbeForm.tsx';
import { BuiltinProbeCard } from './BuiltinProbeCard.tsx';
import { ProbeGroupsSection } from './ProbeGroupsSection.tsx';
import { PROBE_COLUMNS } from './probe-columns.tsx';
import { probeListOptions } from './probe-queries.ts';
import { PROBES_PAGE_SIZE } from './probe-format.ts';

const SORT_KEYS = sortKeysOf(PROBE_COLUMNS);

export default function ProbesPage() {
  const [adding, setAdding] = useState(false);
  const list = useListState({ pageSize: PROBES_PAGE_SIZE, defaultOrdering: 'name', sortKeys: SORT_KEYS });
  const { data, error, isFetching, refetch } = useQuery(probeListOptions(list.query));

  return (
    <Stack gap="md">
      <PageHeader
        title="Scan appliances"
        description="Probes scan the networks they can reach. The built-in probe runs on the Bulwark server itself."
        actions={<Button onClick={() => setAdding(true)}>Add probe</Button>}
      />
      <BuiltinProbeCard />
      <Card withBorder padding="md">
        <DataTable
          id="probes"
          caption="Probes"
          columns={PROBE_COLUMNS}
          rows={data?.results}
          rowKey={(probe) => probe.id}
          rowProps={(probe) => ({ 'data-probe-id': probe.id })}
          error={error}
          errorMessage="The probes could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading probes…"
          empty={{
            title: 'No remote probes yet. Scans run on the built-in probe; add a probe to scan networks the server cannot reach.',
          }}
          fetching={isFetching}
          ordering={list.ordering}
          onOrderingChange={list.setOrdering}
          paging={list.paging(data?.count ?? 0, 'probes', 'probe')}
          minWidth={860}
        />
      </Card>
      <ProbeGroupsSection />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a probe" size="lg">
        <AddProbeForm onDone={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}
