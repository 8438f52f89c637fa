// /was/scan-profiles: the web scan profiles (the built-in Standard and Quick (passive only), and the organisation's own)
// with new, import and per-row copy, export and delete — the generic profile list with the web kind.
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ScanProfileList } from '../profiles/ScanProfileList.tsx';
import { ScanProfileListActions } from '../profiles/ScanProfileListActions.tsx';
import { WEB_PROFILE_UI } from './web-profile-kind.tsx';

export default function WebProfilesPage() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Web scan profiles"
        description="How far a web scan crawls, how it signs in to the application, and which tests it runs."
        actions={<ScanProfileListActions ui={WEB_PROFILE_UI} />}
      />
      <ScanProfileList ui={WEB_PROFILE_UI} />
    </Stack>
  );
}
