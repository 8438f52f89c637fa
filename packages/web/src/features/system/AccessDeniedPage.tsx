// /access-denied: shown when a superuser or permission check fails (§6).
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { INDEX_PATH } from '@bulwark/core';

export default function AccessDeniedPage() {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>Access denied</Title>
      <Text>You do not have permission to open this page. If you need access, ask an administrator of your organisation.</Text>
      <Anchor component={Link} to={INDEX_PATH}>
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
