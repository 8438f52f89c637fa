// The Bulwark wordmark with its shield, linking home.
import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Group gap={8} wrap="nowrap" component={Link} to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Bulwark home">
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M16 2 4 6v9c0 7.5 5.1 13.2 12 15 6.9-1.8 12-7.5 12-15V6L16 2z" fill="var(--mantine-color-blue-6)" />
      </svg>
      <Text fw={700} size="lg">
        Bulwark
      </Text>
    </Group>
  );
}
