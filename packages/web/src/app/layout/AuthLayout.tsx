// The bare layout of the sign-in, password and sign-out pages: the wordmark above a centred card.
import { Outlet } from 'react-router';
import { Box, Center, Paper, Stack } from '@mantine/core';
import { Brand } from './Brand.tsx';

export function AuthLayout() {
  return (
    <Center mih="100vh" p="md" className="auth-page">
      <Stack w="100%" maw={440} gap="lg" align="stretch">
        <Center>
          <Brand to="/auth/login" />
        </Center>
        <Paper component="main" withBorder shadow="sm" radius="md" p="xl">
          <Box>
            <Outlet />
          </Box>
        </Paper>
      </Stack>
    </Center>
  );
}
