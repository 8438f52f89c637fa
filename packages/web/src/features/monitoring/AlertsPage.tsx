// AlertsPage: placeholder until its helper builds it (issue 30).
import { NotAvailablePage } from '../system/NotAvailablePage.tsx';

export default function AlertsPage() {
  return <NotAvailablePage title="AlertsPage" />;
}
