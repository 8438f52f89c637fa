// /was/scan-profiles/edit/{id} ('new' for a new one): the generic profile page with the web kind.
import { ScanProfileEditPage } from '../profiles/ScanProfileEditPage.tsx';
import { WEB_PROFILE_UI } from './web-profile-kind.tsx';

export default function WebProfileEditPage() {
  return <ScanProfileEditPage ui={WEB_PROFILE_UI} />;
}
