// The re-test a ticket is waiting on ("Solution applied" starts it): the run's status and progress while it scans,
// polled, and a link to its result page. The ticket itself becomes Fixed or goes back to Open when the run is processed.
import { Link } from 'react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NETWORK_SCAN_KIND, scanResultPath } from '@bulwark/core';
import { RunStatus } from '../../scans/RunStatus.tsx';
import { fetchRun } from '../../scans/scans-api.ts';
import { isRunMoving, RUN_POLL_MS } from '../../scans/scan-format.ts';
import { TICKET_KEYS } from '../api/tickets-api.ts';

export function RetestProgress({ runId, ticketRef }: { runId: number; ticketRef: string }) {
  const queryClient = useQueryClient();
  const { data: run, error } = useQuery({
    queryKey: ['tickets', 'retest-run', runId],
    queryFn: ({ signal }) => fetchRun(runId, signal),
    refetchInterval: (q) => (q.state.data && !isRunMoving(q.state.data) ? false : RUN_POLL_MS),
  });
  const moving = run ? isRunMoving(run) : true;
  // When the run stops, the ticket's status follows from its results: read the ticket again.
  useEffect(() => {
    if (!moving) void queryClient.invalidateQueries({ queryKey: TICKET_KEYS.one(ticketRef) });
  }, [moving, queryClient, ticketRef]);

  return (
    <Alert color="violet" variant="light" title="Re-test" aria-live="polite" data-testid="retest">
      <Stack gap="xs">
        <Text size="sm">
          A scan of exactly the affected assets and ports, with only the tests that found the findings, checks the fix. When every finding
          is gone the ticket becomes Fixed; when one is still seen it goes back to Open.
        </Text>
        {run && <RunStatus run={run} />}
        {error && (
          <Text size="sm" c="red">
            The re-test run could not be loaded.
          </Text>
        )}
        <Anchor component={Link} to={scanResultPath(NETWORK_SCAN_KIND, runId)} size="sm">
          Open the re-test run
        </Anchor>
      </Stack>
    </Alert>
  );
}
