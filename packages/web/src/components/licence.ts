// The licence status of a customer in words: expired, expiring soon, or valid (used by the banner and the dashboard).
import { isLicenceExpired } from '@bulwark/core';

/** Days before the end date from which the layout warns. */
export const LICENCE_WARNING_DAYS = 30;

export interface LicenceNotice {
  title: string;
  text: string;
}

function onDate(endDate: string | null): string {
  return endDate ? ` on ${endDate.slice(0, 10)}` : '';
}

/** The warning to show, or null when the licence is fine (or has no end date). */
export function licenceNotice(days: number | null, endDate: string | null): LicenceNotice | null {
  if (days === null) return null;
  if (isLicenceExpired(days)) {
    return {
      title: 'Your licence has expired',
      text: `The licence ended${onDate(endDate)}. Contact your provider to renew it.`,
    };
  }
  if (days > LICENCE_WARNING_DAYS) return null;
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return { title: `Your licence expires ${when}`, text: `The licence ends${onDate(endDate)}. Contact your provider to renew it.` };
}

/** A short status for overviews. */
export function licenceStatus(days: number | null): string {
  if (days === null) return 'No end date';
  if (isLicenceExpired(days)) return 'Expired';
  if (days <= LICENCE_WARNING_DAYS) return `Expires in ${days} day${days === 1 ? '' : 's'}`;
  return 'Active';
}
