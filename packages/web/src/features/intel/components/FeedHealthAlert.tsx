// The compact warning the dashboard, a network scan's result and the vulnerability list show when the feeds are not
// healthy (never synced, failed, stale, a tracker the inventory needs is missing); nothing when all is well. Admins get
// a link to the intelligence page under Administration.
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { INTELLIGENCE_PATH, ROUTES, routeAllowed } from '@bulwark/core';
import { routeContext, SESSION_KEY, type Session } from '../../../session/session.ts';
import { feedHealthQuery } from '../api/intel-queries.ts';

const INTELLIGENCE_ROUTE = ROUTES.find((r) => r.path === INTELLIGENCE_PATH);

export function FeedHealthAlert() {
  // Read from the cache rather than useSession(): the alert may sit on a page rendered before the session is known.
  const session = useQueryClient().getQueryData<Session>(SESSION_KEY);
  const { data } = useQuery(feedHealthQuery);
  if (!data || data.problems.length === 0) return null;
  const error = data.problems.some((p) => p.severity === 'error');
  const canOpen =
    session !== undefined && INTELLIGENCE_ROUTE !== undefined && routeAllowed(INTELLIGENCE_ROUTE, routeContext(session)) === 'ok';
  return (
    <Alert
      role="alert"
      color={error ? 'red' : 'yellow'}
      variant="light"
      title={error ? 'Vulnerability feeds need attention' : 'Vulnerability feeds may be out of date'}
      py="xs"
    >
      <List size="sm" spacing={2}>
        {data.problems.map((p) => (
          <List.Item key={`${p.code}|${p.source}`}>{p.message}</List.Item>
        ))}
      </List>
      {canOpen && (
        <Text size="sm" mt={4}>
          <Anchor component={Link} to={INTELLIGENCE_PATH} size="sm">
            Open vulnerability intelligence
          </Anchor>
        </Text>
      )}
    </Alert>
  );
}
