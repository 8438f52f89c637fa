// The intelligence facts of CVEs that checks name (CVSS, EPSS, KEV and ransomware flags), read in one round of
// queries for a batch of hosts, and the risk score @bulwark/intel gives them (the same function the CVE match uses).
import { findingRiskScore } from '@bulwark/intel';
import type { Severity } from '@bulwark/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intelCves, intelEpss, intelKev } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

export interface CveFacts {
  cve: string;
  cvss: number | null;
  cvssVector: string | null;
  severity: Severity | null;
  epss: number | null;
  epssPercentile: number | null;
  kev: boolean;
  ransomware: boolean;
  description: string | null;
  /** The record's CWE ids and every reference URL. */
  cwes: string[];
  references: string[];
  /** findingRiskScore of the CVE's own facts, to pick a check's worst CVE. */
  risk: number;
}

const CVE_ID = /^CVE-\d{4}-\d{4,}$/i;

/** Facts of each CVE id given that the stored intelligence knows something about (unknown ids are left out). */
export async function cveFacts(db: Db | Tx, ids: Iterable<string>): Promise<Map<string, CveFacts>> {
  const wanted = [...new Set([...ids].filter((id) => CVE_ID.test(id)).map((id) => id.toUpperCase()))];
  const out = new Map<string, CveFacts>();
  if (wanted.length === 0) return out;
  const [cves, kevs, scores] = await Promise.all([
    db
      .select({ id: intelCves.id, severity: intelCves.severity, record: intelCves.record })
      .from(intelCves)
      .where(inArray(intelCves.id, wanted)),
    db.select({ id: intelKev.cveId, ransomware: intelKev.ransomware }).from(intelKev).where(inArray(intelKev.cveId, wanted)),
    db.select().from(intelEpss).where(inArray(intelEpss.cveId, wanted)),
  ]);
  const kev = new Map(kevs.map((k) => [k.id, k.ransomware]));
  const epss = new Map(scores.map((s) => [s.cveId, s]));
  const known = new Set([...cves.map((c) => c.id), ...kev.keys(), ...epss.keys()]);
  const records = new Map(cves.map((c) => [c.id, c]));
  for (const id of known) {
    const c = records.get(id);
    const primary = c?.record.primaryCvss ?? null;
    const e = epss.get(id);
    const facts: Omit<CveFacts, 'risk'> = {
      cve: id,
      cvss: primary?.score ?? null,
      cvssVector: primary?.vector ?? null,
      severity: (c?.severity ?? null) as Severity | null,
      epss: e?.score ?? null,
      epssPercentile: e?.percentile ?? null,
      kev: kev.has(id),
      ransomware: kev.get(id) ?? false,
      description: c?.record.description ?? null,
      cwes: c?.record.cwes ?? [],
      references: (c?.record.references ?? []).map((r) => r.url),
    };
    out.set(id, {
      ...facts,
      risk: findingRiskScore({
        cvss: facts.cvss,
        severity: facts.severity,
        epss: facts.epss,
        kev: facts.kev,
        ransomware: facts.ransomware,
      }),
    });
  }
  return out;
}
