// /cloud/scan-profiles/{id} ('new' for a new one): the generic profile page with the cloud kind.
import { ScanProfileEditPage } from '../profiles/ScanProfileEditPage.tsx';
import { CLOUD_PROFILE_UI } from './cloud-profile-kind.tsx';

export default function CloudProfileEditPage() {
  return <ScanProfileEditPage ui={CLOUD_PROFILE_UI} />;
}
