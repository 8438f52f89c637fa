// Shown when a page fails to render or its code cannot be loaded (ChunkLoadError after the one reload, §8).
import { useRouteError } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isChunkLoadError } from './chunks.ts';

export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <Center mih={320} p="md">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1}>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</Title>
        <Text ta="center" role="alert">
          {chunk
            ? 'Part of the application could not be downloaded. Bulwark may have been updated, or the connection dropped.'
            : 'An unexpected error stopped this page from showing.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
