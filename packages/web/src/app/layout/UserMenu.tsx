// The user menu of the header: who is signed in, profile settings, the colour scheme (light, dark or the system's) and
// sign out (intelligence is under Administration).
import { Link } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton, useMantineColorScheme, VisuallyHidden, type MantineColorScheme } from '@mantine/core';
import type { UserProfile } from '@bulwark/core';
import { PROFILE_SETTINGS_PATH } from '../web-routes.ts';
import { logoutUrl } from '../../session/urls.ts';
import { displayName } from '../../components/display-name.ts';

const SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function UserMenu({ profile }: { profile: UserProfile }) {
  const name = displayName(profile);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={profile.picture || null} name={name} color="initials" radius="xl" size={32} alt="" aria-hidden />
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
            {/* The name from the button's text (what a voice user says), and what the button opens. */}
            <VisuallyHidden>User menu</VisuallyHidden>
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
        <Menu.Label id="color-scheme-label">Colour scheme</Menu.Label>
        <div role="group" aria-labelledby="color-scheme-label">
          {SCHEMES.map((s) => (
            <Menu.Item
              key={s.value}
              role="menuitemradio"
              aria-checked={colorScheme === s.value}
              closeMenuOnClick={false}
              rightSection={colorScheme === s.value ? <span aria-hidden>✓</span> : null}
              onClick={() => setColorScheme(s.value)}
            >
              {s.label}
            </Menu.Item>
          ))}
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to={logoutUrl()} color="red">
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
