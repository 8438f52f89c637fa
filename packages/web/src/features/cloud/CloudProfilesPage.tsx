// /cloud/scan-profiles: the cloud scan profiles (one provider account each) with new, import and per-row copy, export and
// delete — the generic profile list with the cloud kind.
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ScanProfileList } from '../profiles/ScanProfileList.tsx';
import { ScanProfileListActions } from '../profiles/ScanProfileListActions.tsx';
import { CLOUD_PROFILE_UI } from './cloud-profile-kind.tsx';

export default function CloudProfilesPage() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Cloud scan profiles"
        description="The cloud accounts to scan: each profile holds one provider’s read-only credentials, the regions to read and the controls to leave out."
        actions={<ScanProfileListActions ui={CLOUD_PROFILE_UI} />}
      />
      <ScanProfileList ui={CLOUD_PROFILE_UI} />
    </Stack>
  );
}
