// Words of the recipients and domains screens: severities, languages, sources, purposes and DNS results as text (never
// colour alone), a recipient's name, the toasts (core's crud messages have no recipient or domain entity).
import {
  DNS_CHECK_RESULTS,
  DOMAIN_PURPOSES,
  LANGUAGES,
  LANGUAGE_LABELS,
  PHISHING_SEVERITY_LABELS,
  RECIPIENT_SOURCES,
  type DnsCheckResult,
  type DomainPurpose,
  type PhishingSeverity,
  type RecipientSource,
} from '@bulwark/core';

export const recipientPath = (id: number) => `/fra/recipients/${id}`;
/** The unified vulnerabilities, one row per finding, of this recipient asset's phishing findings. */
export const patFindingsPath = (assetId: number) => `/vm/unified-vulnerabilities?group=asset&unified_asset=${assetId}&source=pat`;

export const SOURCE_LABELS: Record<RecipientSource, string> = { manual: 'Added by hand', import: 'CSV import', azure_ad: 'Azure AD' };
export const PURPOSE_LABELS: Record<DomainPurpose, string> = {
  sender: 'Sender',
  landing: 'Landing pages',
  both: 'Sender and landing pages',
};
export const DNS_RESULT_LABELS: Record<DnsCheckResult, string> = { pass: 'Pass', fail: 'Fail', missing: 'Missing' };
export const DNS_RESULT_COLORS: Record<DnsCheckResult, string> = { pass: 'green', fail: 'red', missing: 'orange' };
export const SEVERITY_COLORS = ['gray', 'blue', 'yellow', 'orange', 'red'] as const;

export const severityLabel = (s: number) => PHISHING_SEVERITY_LABELS[s as PhishingSeverity] ?? `Severity ${s}`;
export const languageLabel = (l: string) => (LANGUAGE_LABELS as Record<string, string>)[l] ?? l;

export const SEVERITY_OPTIONS = [0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: severityLabel(s) }));
export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }));
export const SOURCE_OPTIONS = RECIPIENT_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }));
export const PURPOSE_OPTIONS = DOMAIN_PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABELS[p] }));
export const DNS_RESULTS = DNS_CHECK_RESULTS;

export function recipientName(r: { first_name: string; last_name: string; email: string }): string {
  return `${r.first_name} ${r.last_name}`.trim() || r.email;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const MESSAGES = {
  recipientCreated: 'Recipient created.',
  recipientCreateFailed: 'Cannot create recipient.',
  recipientUpdated: 'Recipient updated.',
  recipientUpdateFailed: 'Cannot update recipient.',
  domainCreated: 'Domain created.',
  domainCreateFailed: 'Cannot create domain.',
  domainUpdated: 'Domain updated.',
  domainUpdateFailed: 'Cannot update domain.',
  domainDeleted: 'Domain deleted.',
  domainDeleteFailed: 'Cannot delete domain.',
  categorySaved: 'Domain category saved.',
  categoryFailed: 'Cannot save the domain category.',
  categoryDeleted: 'Domain category deleted.',
  categoryDeleteFailed: 'Cannot delete the domain category.',
};
