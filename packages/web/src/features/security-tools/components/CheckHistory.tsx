// The pass/fail history of each check over the last runs as a heat strip: one row per check, one cell per run (oldest
// on the left), its colour and sign the verdict. The strip is drawn in HTML (each cell a focusable-free box with a
// tooltip), hidden from assistive technology, and the same verdicts are a table for screen readers.
import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatDateTime, type MonitorCheck, type MonitorCheckStatus } from '@bulwark/core';
import { ChartTable, useChartColors } from '../../../components/charts/index.ts';
import { CHECK_STATUS_COLORS, CHECK_STATUS_LABELS, CHECK_STATUS_SIGNS, checkLabel, type MonitorKindName } from '../monitor-format.ts';

export interface HistoryRun {
  started: string;
  checks: readonly MonitorCheck[];
}

const ORDER: Record<MonitorCheckStatus, number> = { fail: 3, warn: 2, pass: 1, info: 0 };

/** A check's verdict in a run: the worst over its targets (several MX hosts, several block-list zones); null when absent. */
export function verdictOf(checks: readonly MonitorCheck[], check: string): MonitorCheckStatus | null {
  let worst: MonitorCheckStatus | null = null;
  for (const c of checks) if (c.check === check && (worst === null || ORDER[c.status] > ORDER[worst])) worst = c.status;
  return worst;
}

/** The checks seen in the runs, in the order of `order` first (the kind's list), then any others. */
export function checksSeen(runs: readonly HistoryRun[], order: readonly string[]): string[] {
  const seen = new Set(runs.flatMap((r) => r.checks.map((c) => c.check)));
  return [...order.filter((c) => seen.has(c)), ...[...seen].filter((c) => !order.includes(c))];
}

interface CheckHistoryProps {
  kind: MonitorKindName;
  /** Oldest first. */
  runs: readonly HistoryRun[];
  order: readonly string[];
}

export function CheckHistory({ kind, runs, order }: CheckHistoryProps) {
  const color = useChartColors();
  const checks = checksSeen(runs, order);
  if (runs.length === 0 || checks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No runs yet: the history fills in as the checks run.
      </Text>
    );
  const times = runs.map((r) => formatDateTime(r.started));
  return (
    <Stack gap={4}>
      <Stack gap={4} aria-hidden>
        {checks.map((check) => (
          <Group key={check} gap={6} wrap="nowrap" data-history-check={check}>
            <Text size="xs" w={140} style={{ flexShrink: 0 }} truncate>
              {checkLabel(kind, check)}
            </Text>
            <Group gap={2} wrap="nowrap">
              {runs.map((run, i) => {
                const v = verdictOf(run.checks, check);
                return (
                  <Tooltip key={i} label={`${times[i]}: ${v ? CHECK_STATUS_LABELS[v] : 'Not checked'}`} withinPortal>
                    <Box
                      w={14}
                      h={18}
                      data-verdict={v ?? 'none'}
                      style={{
                        borderRadius: 2,
                        background: v ? color(CHECK_STATUS_COLORS[v], 5) : color('gray', 2),
                        color: 'white',
                        fontSize: 10,
                        lineHeight: '18px',
                        textAlign: 'center',
                      }}
                    >
                      {v ? CHECK_STATUS_SIGNS[v] : ''}
                    </Box>
                  </Tooltip>
                );
              })}
            </Group>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Oldest run on the left; {runs.length} {runs.length === 1 ? 'run' : 'runs'} from {times[0]} to {times[times.length - 1]}.
      </Text>
      <ChartTable
        caption="Check history, oldest run first"
        columns={['Check', ...times]}
        rows={checks.map((check) => [
          checkLabel(kind, check),
          ...runs.map((r) => {
            const v = verdictOf(r.checks, check);
            return v ? CHECK_STATUS_LABELS[v] : 'Not checked';
          }),
        ])}
      />
    </Stack>
  );
}
