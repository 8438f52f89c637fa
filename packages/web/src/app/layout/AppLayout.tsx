// The application layout: header with brand, customer, news bell and user menu; side navigation; banners above each page.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell, Burger, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { UserProfile } from '@bulwark/core';
import { routeContext, type Session } from '../../session/session.ts';
import { Brand } from './Brand.tsx';
import { Navigation } from './Navigation.tsx';
import { UserMenu } from './UserMenu.tsx';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';
import { LicenceBanner } from './LicenceBanner.tsx';
import { NewsBell } from '../../features/news/NewsBell.tsx';
import { ExportsMenu } from '../../features/reports/components/ExportsMenu.tsx';

export function AppLayout({ session }: { session: Session & { profile: UserProfile } }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Brand to="/dashboard" />
            {session.customer && (
              <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="customer-name">
                {session.customer.name}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ExportsMenu />
            <NewsBell />
            <UserMenu profile={session.profile} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation" component="nav">
        <ScrollArea type="scroll">
          <Navigation ctx={routeContext(session)} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Stack gap="md">
          <ImpersonationBanner auth={session.auth} profile={session.profile} />
          <LicenceBanner profile={session.profile} customer={session.customer} />
          <Outlet />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
