// Warns when the customer's licence has expired (§6: days_to_expiration below zero) or will expire soon.
import { Alert } from '@mantine/core';
import { isLicenceExpired, type Customer, type UserProfile } from '@bulwark/core';
import { licenceNotice } from '../../components/licence.ts';

export function LicenceBanner({ profile, customer }: { profile: UserProfile; customer: Customer | null }) {
  const days = profile.days_to_expiration ?? customer?.days_to_expiration ?? null;
  const notice = licenceNotice(days, customer?.license_end_date ?? null);
  if (!notice) return null;
  const expired = isLicenceExpired(days);
  return (
    <Alert
      color={expired ? 'red' : 'yellow'}
      variant="light"
      role={expired ? 'alert' : 'status'}
      title={notice.title}
      data-testid="licence-warning"
    >
      {notice.text}
    </Alert>
  );
}
