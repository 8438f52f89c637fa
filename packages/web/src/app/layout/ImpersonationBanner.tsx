// The banner every page of an impersonated session shows, naming who is impersonated and the source.
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuthStatus, UserProfile } from '@bulwark/core';
import { logoutUrl } from '../../session/urls.ts';

export function ImpersonationBanner({ auth, profile }: { auth: AuthStatus; profile: UserProfile }) {
  if (!auth.impersonated) return null;
  return (
    <Alert color="grape" variant="filled" role="status" data-testid="impersonation-banner" title="Impersonated session">
      <Text size="sm">
        You are signed in as {profile.email} of {profile.customer_name}
        {auth.impersonation_source ? ` through ${auth.impersonation_source}` : ''}. Everything you do is done as this user.{' '}
        <Anchor component={Link} to={logoutUrl()} c="white" underline="always">
          End the session
        </Anchor>
      </Text>
    </Alert>
  );
}
