// Dashboard card: who is signed in, their role and whether a second factor protects the account.
import { Anchor, Avatar, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { UserProfile } from '@bulwark/core';
import { displayName } from '../../../components/display-name.ts';
import { roleLabel, TWO_FACTOR_LABELS } from '../../../components/account-labels.ts';
import { PROFILE_SETTINGS_PATH } from '../../../app/web-routes.ts';
import { Fact } from './Fact.tsx';

export function AccountCard({ profile }: { profile: UserProfile }) {
  const name = displayName(profile);
  return (
    <Card withBorder padding="lg">
      <Group gap="sm" mb="sm">
        <Avatar src={profile.picture || null} name={name} color="initials" radius="xl" alt="" />
        <Title order={2} size="h4">
          Your account
        </Title>
      </Group>
      <Stack gap={6} component="dl" m={0}>
        <Fact term="Name" testId="account-name">
          {name}
        </Fact>
        <Fact term="Email">{profile.email}</Fact>
        <Fact term="Role">{roleLabel(profile)}</Fact>
        <Fact term="Two-factor sign-in">{TWO_FACTOR_LABELS[profile.two_factor_method]}</Fact>
      </Stack>
      <Anchor component={Link} to={PROFILE_SETTINGS_PATH} size="sm" mt="sm">
        Edit profile settings
      </Anchor>
    </Card>
  );
}
