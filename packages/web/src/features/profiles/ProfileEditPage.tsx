// /scans/scan-profiles/edit/nprofile/{id} ('new' for a new one): the generic profile page with the network kind.
import { NETWORK_PROFILE_UI } from './network-profile-kind.tsx';
import { ScanProfileEditPage } from './ScanProfileEditPage.tsx';

export default function ProfileEditPage() {
  return <ScanProfileEditPage ui={NETWORK_PROFILE_UI} />;
}
