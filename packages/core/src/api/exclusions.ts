// Payload schemas of the exceptions (feature-areas §3 Exception, §7 exclusions/exclusions/): what is kept out of
// scanning and ticketing, why and until when. Shared by the server's routes and the web app.
import { z } from 'zod';
import { blank } from './fields.ts';
import { looksLikeIpRange, validateHostName, validateIpRangeTarget } from './scans.ts';
import { validateIp } from '../validators/ip.ts';
import { PORT_MAX } from '../constants.ts';

/** What an exception names: one address, a range `a-b`, a network `a/m`, a host name or a URL (a web application or below). */
export const EXCLUSION_KINDS = ['address', 'range', 'network', 'hostname', 'url'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

export const EXCLUSION_KIND_LABELS: Record<ExclusionKind, string> = {
  address: 'IP address',
  range: 'IP range',
  network: 'Network',
  hostname: 'Host name',
  url: 'URL',
};

/** The kinds that keep addresses out of network scans (a URL only narrows web scans). */
export const EXCLUSION_ADDRESS_KINDS: readonly ExclusionKind[] = ['address', 'range', 'network', 'hostname'];

/** Which kind exception text is: `http(s)://` a URL, `a/m` a network, `a-b` a range, an IP an address, else a host name. */
export function exclusionKindOf(value: string): ExclusionKind {
  const v = value.trim();
  if (/^https?:\/\//i.test(v)) return 'url';
  if (looksLikeIpRange(v)) return v.includes('/') ? 'network' : 'range';
  // Digits and dots, or colons, are meant as an address (so '10.0.0.300' is a bad address, not a bad host name).
  if (validateIp(v) === null || /^[0-9.]+$/.test(v) || v.includes(':')) return 'address';
  return 'hostname';
}

const URL_MESSAGE = 'Enter a URL with http:// or https://, e.g. https://shop.example.com/admin/.';

/** The message for `value` read as `kind`; null when valid. */
export function validateExclusionValue(value: string, kind: ExclusionKind): string | null {
  switch (kind) {
    case 'url':
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? null : URL_MESSAGE;
      } catch {
        return URL_MESSAGE;
      }
    case 'network':
      return value.includes('/') ? validateIpRangeTarget(value) : 'Enter a network as address/mask, e.g. 10.0.0.0/24.';
    case 'range':
      return value.includes('-') && !value.includes('/')
        ? validateIpRangeTarget(value)
        : 'Enter a range as start-end, e.g. 10.0.0.1-10.0.0.50.';
    case 'address':
      return validateIp(value);
    case 'hostname': {
      const numeric = validateIp(value) === null || /^[0-9.]+$/.test(value) || value.includes(':');
      return numeric || validateHostName(value) !== null ? 'Enter a host name, e.g. db01.example.com.' : null;
    }
  }
}

/** Empty text is "none" for the optional text fields. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v));

export const exclusionInput = z
  .object({
    value: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, blank)
      .max(2000, 'Ensure this field has no more than 2000 characters.'),
    /** Detected from the value when not given. */
    kind: z.enum(EXCLUSION_KINDS, { error: 'Choose address, range, network, hostname or url.' }).nullable().default(null),
    port: z
      .number({ error: 'Enter a port from 1 to 65535.' })
      .int('Enter a port from 1 to 65535.')
      .min(1, 'Enter a port from 1 to 65535.')
      .max(PORT_MAX, 'Enter a port from 1 to 65535.')
      .nullable()
      .default(null),
    /** A test (check template id, findings' check_id): only that test's findings and probes are excepted. */
    test_id: optionalText(200),
    /** An issue (one CVE or test across assets): only its findings are excepted. */
    issue_id: z
      .number({ error: 'A valid integer is required.' })
      .int()
      .positive('Ensure this value is greater than 0.')
      .nullable()
      .default(null),
    reason: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, blank)
      .max(2000, 'Ensure this field has no more than 2000 characters.'),
    /** ISO 8601 with an offset; must be in the future (checked by the server against its clock). */
    expires_at: z
      .string()
      .trim()
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || !Number.isNaN(Date.parse(v)), 'Enter a valid date and time.'),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.value === '') return;
    const kind = e.kind ?? exclusionKindOf(e.value);
    const m = validateExclusionValue(e.value, kind);
    if (m) ctx.addIssue({ code: 'custom', path: ['value'], message: m });
    if (kind === 'url' && e.port !== null)
      ctx.addIssue({ code: 'custom', path: ['port'], message: 'A URL exception takes its port from the URL.' });
  })
  .transform((e) => ({ ...e, kind: e.kind ?? exclusionKindOf(e.value) }));
export type ExclusionInput = z.input<typeof exclusionInput>;

export const exclusion = z.object({
  id: z.number().int(),
  kind: z.enum(EXCLUSION_KINDS),
  value: z.string(),
  port: z.number().int().nullable(),
  test_id: z.string().nullable(),
  issue_id: z.number().int().nullable(),
  /** The issue's address (CVE id or nvt-<test>) and name, for the list. */
  issue_hid: z.string().nullable(),
  issue_name: z.string().nullable(),
  reason: z.string(),
  expires_at: z.string().nullable(),
  /** Not expired at the time of the answer. */
  active: z.boolean(),
  created_by: z.number().int().nullable(),
  created_by_email: z.string().nullable(),
  created: z.string(),
});
export type Exclusion = z.infer<typeof exclusion>;

export const EXCLUSION_ORDERING_KEYS = ['created', 'value', 'expires_at', 'kind'] as const;
