// The exports button of the header: a count of exports ready and not yet downloaded on it, and in its popover the newest
// exports of every type (vulnerabilities, issues, assets) with their state and progress (polled while any runs) and a
// download link that also marks the export read. useStartExport starts one from a list and shows it here.
import { useId, useState } from 'react';
import { ActionIcon, Anchor, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type ExportInput, type ExportJob, type ExportType } from '@bulwark/core';
import { ListError } from '../../../components/data-table/index.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import {
  EXPORT_KEYS,
  createExport,
  exportDownloadUrl,
  fetchRecentExports,
  markExportRead,
  type RecentExports,
} from '../api/exports-api.ts';
import {
  exportDetails,
  exportTitle,
  exportsButtonLabel,
  exportsPollInterval,
  isReady,
  newestExports,
  unreadReady,
} from '../exports-format.ts';
import { RunState } from './RunState.tsx';

function DownloadIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7 10l5 5 5-5M12 15V3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const recentExportsQuery = {
  queryKey: EXPORT_KEYS.recent,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchRecentExports(signal),
  refetchInterval: (q: { state: { data?: RecentExports } }) => exportsPollInterval(q.state.data?.jobs),
};

/** Starts an export of `type` (e.g. from a list's "Export" button): says so, and the menu follows it. */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, input }: { type: ExportType; input?: ExportInput }) => createExport(type, input),
    onSuccess: () => {
      toastSuccess('Export started. It appears under Exports in the header when the file is ready.');
      return queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.all });
    },
    onError: (failure) => toastFailure(failure, 'Cannot start the export.'),
  });
}

function ExportEntry({ job, first, onDownload }: { job: ExportJob; first: boolean; onDownload(job: ExportJob): void }) {
  const title = exportTitle(job);
  const details = exportDetails(job);
  return (
    <Stack component="li" gap={4} py={6} style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0}>
          <Text size="sm" fw={isReady(job) && !job.is_read ? 600 : 500}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
            {details ? ` · ${details}` : ''}
          </Text>
        </Stack>
        {isReady(job) && (
          <Anchor
            href={exportDownloadUrl(job.type, job.id)}
            download={job.file_name ?? true}
            size="sm"
            onClick={() => onDownload(job)}
            aria-label={`Download ${title} of ${formatDateTime(job.created_at)}`}
          >
            Download
          </Anchor>
        )}
      </Group>
      <RunState state={job.state} progress={job.progress} error={job.error} label={`Progress of ${title}`} width={300} />
    </Stack>
  );
}

function ExportList({ headingId }: { headingId: string }) {
  const queryClient = useQueryClient();
  const recent = useQuery(recentExportsQuery);
  const markRead = useMutation({
    mutationFn: (job: ExportJob) => markExportRead(job.type, job.id),
    onMutate: (job) => {
      // Downloaded: no longer counted at once, whatever the server answers later.
      queryClient.setQueryData<RecentExports>(EXPORT_KEYS.recent, (old) =>
        old ? { ...old, jobs: old.jobs.map((j) => (j.id === job.id && j.type === job.type ? { ...j, is_read: true } : j)) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.recent }),
  });

  const jobs = newestExports(recent.data?.jobs ?? []);
  let content;
  if (recent.isPending) {
    content = (
      <Group justify="center" py="md">
        <Loader size="sm" role="status" aria-label="Loading exports…" />
      </Group>
    );
  } else if (recent.isError) {
    content = <ListError error={recent.error} fallback="The exports could not be loaded." onRetry={() => void recent.refetch()} />;
  } else if (jobs.length === 0) {
    content = (
      <Text size="sm" c="dimmed" py="md" role="status">
        No exports yet. Export the vulnerability, issue or asset lists; their files wait here until you download them.
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {jobs.map((job, i) => (
          <ExportEntry key={`${job.type}-${job.id}`} job={job} first={i === 0} onDownload={(j) => markRead.mutate(j)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h5" id={headingId}>
        Exports
      </Title>
      <Divider />
      <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto" offsetScrollbars>
        {content}
      </ScrollArea.Autosize>
      {recent.data && recent.data.failed.length > 0 && (
        <Text size="xs" c="dimmed">
          Exports of {recent.data.failed.join(' and ')} could not be loaded.
        </Text>
      )}
    </Stack>
  );
}

export function ExportsMenu() {
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const { data } = useQuery(recentExportsQuery);
  const ready = unreadReady(data?.jobs ?? []);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" trapFocus withinPortal>
      {/* The count is on the button for the eye; the button's name says it for screen readers. */}
      <Indicator
        label={ready}
        disabled={ready === 0}
        maxValue={99}
        size={16}
        color="teal"
        offset={7}
        inline
        attributes={{ indicator: { 'aria-hidden': true, 'data-testid': 'exports-ready' } }}
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={exportsButtonLabel(ready)} onClick={() => setOpened((o) => !o)}>
            <DownloadIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-labelledby={headingId} p="sm">
        <ExportList headingId={headingId} />
      </Popover.Dropdown>
    </Popover>
  );
}
