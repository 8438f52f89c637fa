// WebsitesPage: placeholder until its helper builds it (issue 30).
import { NotAvailablePage } from '../system/NotAvailablePage.tsx';

export default function WebsitesPage() {
  return <NotAvailablePage title="WebsitesPage" />;
}
