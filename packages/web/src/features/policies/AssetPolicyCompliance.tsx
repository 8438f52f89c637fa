// The "Policy compliance" card of a host's page: its latest result of each policy it was evaluated against (score, rule
// results, when, and a link to the run's result); nothing at all when the host has never been policy-scanned.
import { Link } from 'react-router';
import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { runResultPath } from '../scans/scan-format.ts';
import { CountsLine } from './CountsLine.tsx';
import type { AssetPolicyResult } from './policy-runs-api.ts';
import { assetPolicyResultsQuery } from './policy-queries.ts';
import { ScoreRing } from './ScoreRing.tsx';

function PolicyResult({ result }: { result: AssetPolicyResult }) {
  return (
    <Group component="li" gap="md" wrap="nowrap" align="center" data-policy={result.policy}>
      <ScoreRing score={result.score} size={72} label={`Score of ${result.policy_name}`} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm">
          {result.policy_name}
        </Text>
        <Text size="xs" c="dimmed">
          {result.benchmark}
          {result.finished ? ` · evaluated ${formatDateTime(result.finished)}` : ''}
        </Text>
        <CountsLine counts={result.counts} label={`Rule results of ${result.policy_name}`} />
        {result.error && (
          <Text size="xs" c="red">
            {result.error}
          </Text>
        )}
        <Anchor component={Link} to={runResultPath(result.run_id, 'oval')} size="sm">
          View the scan result
        </Anchor>
      </Stack>
    </Group>
  );
}

export function AssetPolicyCompliance({ assetId }: { assetId: number }) {
  const { data, error } = useQuery(assetPolicyResultsQuery(assetId));
  if (error) {
    // A user who may not read policy results (403), or an asset gone meanwhile (404, the page says so): nothing to add.
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return null;
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(error, 'The policy results could not be loaded.')}
      </Alert>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="policy-compliance-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="policy-compliance-heading">
          Policy compliance
        </Title>
        <Stack gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Latest result of each policy">
          {data.map((result) => (
            <PolicyResult key={result.policy} result={result} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
