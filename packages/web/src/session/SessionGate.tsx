// Runs the start-up sequence once and holds every page back until it is done (or offers a retry when it fails).
import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { messageOf } from '../api/errors.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { sessionQuery } from './session.ts';

export function SessionGate() {
  const { status, error, refetch, isFetching } = useQuery(sessionQuery);
  if (status === 'pending') return <PageLoader label="Starting Bulwark…" fullScreen />;
  if (status === 'error') {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm" maw={480}>
          <Title order={1} size="h2">
            Bulwark could not start
          </Title>
          <Text role="alert" ta="center">
            {messageOf(error, 'The server could not be reached.')}
          </Text>
          <Button onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}
