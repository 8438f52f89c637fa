// /settings/profile: the signed-in user's name, picture, password, phone number, second factor and digest e-mail.
import { Stack } from '@mantine/core';
import { useSession } from '../../session/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DigestCard } from './DigestCard.tsx';
import { PersonalDetailsForm } from './PersonalDetailsForm.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

export default function ProfileSettingsPage() {
  const { profile, auth } = useSession();
  if (!profile) return null;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title="Profile settings" description="Your name and picture, your password, how you sign in, and your digest e-mail." />
      <PersonalDetailsForm profile={profile} />
      <ChangePasswordForm impersonated={auth.impersonated} />
      <TwoFactorSection profile={profile} />
      <DigestCard />
    </Stack>
  );
}
