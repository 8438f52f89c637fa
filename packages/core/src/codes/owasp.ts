// The OWASP Top 10 (2021): the categories web findings are grouped by (the OWASP top 10 widget, display "owasp pie 6",
// a web run's findings by category, the web report scopes). The scanner's tests name their category by these ids.

export const OWASP_2021_IDS = [
  'A01:2021',
  'A02:2021',
  'A03:2021',
  'A04:2021',
  'A05:2021',
  'A06:2021',
  'A07:2021',
  'A08:2021',
  'A09:2021',
  'A10:2021',
] as const;
export type Owasp2021 = (typeof OWASP_2021_IDS)[number];

export const OWASP_2021_LABELS: Record<Owasp2021, string> = {
  'A01:2021': 'Broken Access Control',
  'A02:2021': 'Cryptographic Failures',
  'A03:2021': 'Injection',
  'A04:2021': 'Insecure Design',
  'A05:2021': 'Security Misconfiguration',
  'A06:2021': 'Vulnerable and Outdated Components',
  'A07:2021': 'Identification and Authentication Failures',
  'A08:2021': 'Software and Data Integrity Failures',
  'A09:2021': 'Security Logging and Monitoring Failures',
  'A10:2021': 'Server-Side Request Forgery',
};

export const isOwasp2021 = (v: unknown): v is Owasp2021 => typeof v === 'string' && (OWASP_2021_IDS as readonly string[]).includes(v);

/** Known vulnerable components (a CVE matched on a technology the web scan found) are A06. */
export const OWASP_OUTDATED_COMPONENTS: Owasp2021 = 'A06:2021';
