// The loading indicator shown while a page, or the whole app, is loading; announced politely to screen readers.
import { Center, Loader, Text, Stack } from '@mantine/core';

export function PageLoader({ label = 'Loading…', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
