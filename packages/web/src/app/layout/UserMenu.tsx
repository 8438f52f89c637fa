// The user menu of the header: who is signed in, profile settings and sign out (intelligence is under Administration).
import { Link } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { UserProfile } from '@bulwark/core';
import { PROFILE_SETTINGS_PATH } from '../web-routes.ts';
import { logoutUrl } from '../../session/urls.ts';
import { displayName } from '../../components/display-name.ts';

export function UserMenu({ profile }: { profile: UserProfile }) {
  const name = displayName(profile);
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={profile.picture || null} name={name} color="initials" radius="xl" size={32} alt="" />
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="bright" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {profile.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={PROFILE_SETTINGS_PATH}>
          Profile settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={logoutUrl()} color="red">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
