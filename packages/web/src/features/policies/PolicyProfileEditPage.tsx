// /scans/scan-profiles/edit/oprofile/{id} ('new' for a new one): the generic profile page with the policy kind (Copy
// for an existing profile, a warning when its policy is no longer in the library).
import { ScanProfileEditPage } from '../profiles/ScanProfileEditPage.tsx';
import { POLICY_PROFILE_UI } from './policy-profile-kind.tsx';

export default function PolicyProfileEditPage() {
  return <ScanProfileEditPage ui={POLICY_PROFILE_UI} />;
}
