// CISA Known Exploited Vulnerabilities catalog entries → KevEntry with the exploit-known / ransomware-known flags.
import { EXPLOIT_FLAG, type ExploitFlag } from '@bulwark/core';
import { RecordError, asObject, cveId, optionalString, requiredString, stringArray } from './json.ts';

export interface KevEntry {
  cve: string;
  vendorProject: string;
  product: string;
  name: string;
  /** YYYY-MM-DD */
  dateAdded: string;
  /** YYYY-MM-DD; the remediation deadline for US federal agencies. */
  dueDate: string | null;
  shortDescription: string;
  requiredAction: string;
  /** `knownRansomwareCampaignUse` is "Known". */
  ransomware: boolean;
  notes: string;
  cwes: string[];
  /** Exploit known (1) always; ransomware known (2) too when ransomware use is known. */
  flags: ExploitFlag[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Normalises one element of the catalog's `vulnerabilities`; throws RecordError when unusable. */
export function normalizeKevEntry(value: unknown): KevEntry {
  const o = asObject(value, 'entry');
  const dateAdded = requiredString(o, 'dateAdded');
  if (!DATE.test(dateAdded)) throw new RecordError(`dateAdded is not a YYYY-MM-DD date: ${dateAdded}`);
  const dueDate = optionalString(o, 'dueDate');
  if (dueDate !== null && !DATE.test(dueDate)) throw new RecordError(`dueDate is not a YYYY-MM-DD date: ${dueDate}`);
  const ransomwareUse = optionalString(o, 'knownRansomwareCampaignUse') ?? 'Unknown';
  if (!/^(known|unknown)$/i.test(ransomwareUse)) throw new RecordError(`knownRansomwareCampaignUse is "${ransomwareUse}"`);
  const ransomware = ransomwareUse.toLowerCase() === 'known';
  return {
    cve: cveId(o.cveID, 'cveID'),
    vendorProject: optionalString(o, 'vendorProject') ?? '',
    product: optionalString(o, 'product') ?? '',
    name: optionalString(o, 'vulnerabilityName') ?? '',
    dateAdded,
    dueDate,
    shortDescription: optionalString(o, 'shortDescription') ?? '',
    requiredAction: optionalString(o, 'requiredAction') ?? '',
    ransomware,
    notes: optionalString(o, 'notes') ?? '',
    cwes: stringArray(o, 'cwes'),
    flags: ransomware ? [EXPLOIT_FLAG.exploit_known, EXPLOIT_FLAG.ransomware_known] : [EXPLOIT_FLAG.exploit_known],
  };
}
