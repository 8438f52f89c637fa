// The catch-all page for any path the route table does not know (§2).
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { INDEX_PATH } from '@bulwark/core';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>Page not found</Title>
      <Text>
        There is no page at <code>{pathname}</code>. Check the address, or go back to the dashboard.
      </Text>
      <Anchor component={Link} to={INDEX_PATH}>
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
