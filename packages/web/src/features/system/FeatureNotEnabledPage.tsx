// Shown in place of a page whose feature flag is off for the customer (§6: the feature-not-enabled page).
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { INDEX_PATH } from '@bulwark/core';

export function FeatureNotEnabledPage({ title }: { title: string }) {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>{title}</Title>
      <Text>
        This feature is not enabled for your organisation. To use it, ask your administrator or your Bulwark provider to enable it.
      </Text>
      <Anchor component={Link} to={INDEX_PATH}>
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
