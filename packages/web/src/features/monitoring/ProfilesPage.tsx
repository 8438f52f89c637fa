// ProfilesPage: placeholder until its helper builds it (issue 30).
import { NotAvailablePage } from '../system/NotAvailablePage.tsx';

export default function ProfilesPage() {
  return <NotAvailablePage title="ProfilesPage" />;
}
