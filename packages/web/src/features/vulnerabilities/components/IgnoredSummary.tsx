// What does not count on the vulnerability list (issues-ignored-details): ignored, disabled and awaiting approval, by
// reason, with a warning when ignores end within IGNORE_EXPIRY_WARNING_DAYS and links to the findings concerned.
import { Link } from 'react-router';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IGNORE_EXPIRY_WARNING_DAYS } from '@bulwark/core';
import { fetchIgnoredDetails, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { LIST_PATH } from '../vulnerability-format.ts';

export function IgnoredSummary() {
  const { data } = useQuery({ queryKey: VULN_KEYS.ignored, queryFn: ({ signal }) => fetchIgnoredDetails(signal) });
  if (!data || (data.total === 0 && data.pending === 0)) return null;
  const reasons = data.by_reason.filter((r) => r.count > 0).map((r) => `${r.label} ${r.count}`);
  return (
    <>
      {data.expiring > 0 && (
        <Alert color="yellow" variant="light" role="status" title="Ignores ending soon">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              {data.expiring} {data.expiring === 1 ? 'ignore ends' : 'ignores end'} within {IGNORE_EXPIRY_WARNING_DAYS} days; those findings
              will count again.
            </Text>
            <Anchor component={Link} to={`${LIST_PATH}?group=asset&state=ignored&is_expiring=true`} size="sm">
              Review them
            </Anchor>
          </Group>
        </Alert>
      )}
      <Group gap="xs" wrap="wrap" aria-label="Ignored findings">
        <Text size="sm" c="dimmed">
          Not counted: {data.total} {data.total === 1 ? 'finding' : 'findings'} ({data.ignored} ignored, {data.disabled} disabled)
          {reasons.length > 0 ? ` — ${reasons.join(', ')}` : ''}.
          {data.pending > 0 ? ` ${data.pending} risk ${data.pending === 1 ? 'acceptance awaits' : 'acceptances await'} approval.` : ''}
        </Text>
        <Anchor component={Link} to={`${LIST_PATH}?group=asset&state=ignored`} size="sm">
          Show ignored
        </Anchor>
      </Group>
    </>
  );
}
