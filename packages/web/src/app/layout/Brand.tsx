// The Bulwark wordmark with its shield, linking home.
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label="Bulwark home">
      <Group gap={8} wrap="nowrap">
        <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
          <path d="M16 2 4 6v9c0 7.5 5.1 13.2 12 15 6.9-1.8 12-7.5 12-15V6L16 2z" fill="var(--mantine-color-blue-6)" />
        </svg>
        <Text fw={700} size="lg" component="span">
          Bulwark
        </Text>
      </Group>
    </Anchor>
  );
}
