// /settings/profile: the signed-in user's name, picture, phone number and second factor.
import { Stack } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PersonalDetailsForm } from './PersonalDetailsForm.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

export default function ProfileSettingsPage() {
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title="Profile settings" description="Your name and picture, and how you sign in." />
      <PersonalDetailsForm profile={profile} />
      <TwoFactorSection profile={profile} />
    </Stack>
  );
}
