// The built-in probe on the scan appliances page: whether it runs, its version and host, its task slots, the server's
// load, its active runs and when it last reported on a task (asked for again with the probe list).
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Fact } from '../../components/Fact.tsx';
import { messageOf } from '../../api/errors.ts';
import { heartbeatText, loadAverageText, overloaded, probePath, probeStatusBadge, taskSlotsText } from './probe-format.ts';
import { probeOptions } from './probe-queries.ts';

export function BuiltinProbeCard() {
  const { data: probe, error } = useQuery(probeOptions(-1));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="builtin-probe-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h4" id="builtin-probe-heading">
              Built-in probe
            </Title>
            {probe && (
              <Badge color={probeStatusBadge(probe).color} variant="light" data-testid="builtin-status">
                {probeStatusBadge(probe).label}
              </Badge>
            )}
          </Group>
          {probe && (
            <Anchor component={Link} to={probePath(-1)} size="sm">
              Details
            </Anchor>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Runs scans from the Bulwark server itself (shown in scans as “{probe?.name ?? 'External (built-in)'}”), in a process of its own so
          scans never slow the web app down.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(error, 'The built-in probe could not be loaded.')}
          </Alert>
        )}
        {!probe && !error && <Skeleton h={48} aria-label="Loading the built-in probe" />}
        {probe?.load && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
            <Fact label="Task slots">{taskSlotsText(probe.load)}</Fact>
            <Fact label="Server load">
              <span style={overloaded(probe.load) ? { color: 'var(--mantine-color-orange-text)' } : undefined}>
                {loadAverageText(probe.load)}
                {overloaded(probe.load) ? ' (busier than its processors)' : ''}
              </span>
            </Fact>
            <Fact label="Active runs">{probe.active_runs}</Fact>
            <Fact label="Last task report">{heartbeatText(probe.load.last_report)}</Fact>
            <Fact label="Version">{probe.version ?? '–'}</Fact>
            <Fact label="Host">{probe.hostname ?? '–'}</Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
