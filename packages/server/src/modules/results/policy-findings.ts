// A policy run's findings: each failed rule on a host is a finding of that asset (key and check `policy:<rule id>`, so
// one issue per rule across assets), with the rule's severity, the evidence collected and the policy it came from. A
// rule the host later passes (or that no longer applies) closes it; a rule not evaluated leaves it as it is.
import { findingRiskScore } from '@bulwark/intel';
import { QOD_OF_TYPE, RULE_SEVERITY_CODE, type PolicyHostResult } from '@bulwark/core';
import type { FindingInput } from './findings.ts';
import type { DeliveredPolicy } from './scan-result.ts';
import type { PolicyHostInput } from '../policies/index.ts';

export const policyCheckId = (ruleId: string) => `policy:${ruleId}`;

export function policyFindings(p: DeliveredPolicy): FindingInput[] {
  return p.rules
    .filter((r) => r.result === 'fail')
    .map((r) => {
      const severity = RULE_SEVERITY_CODE[r.severity];
      const evidence = [r.message, ...r.evidence].filter((x): x is string => !!x).join('\n');
      return {
        key: policyCheckId(r.ruleId),
        checkId: policyCheckId(r.ruleId),
        cve: null,
        cves: [],
        port: null,
        protocol: null,
        name: r.title,
        severity,
        confidence: 'confirmed',
        cvss: null,
        cvssVector: null,
        epss: null,
        epssPercentile: null,
        exploitKnown: false,
        ransomwareKnown: false,
        riskScore: findingRiskScore({ cvss: null, severity, epss: null, kev: false, ransomware: false }),
        evidence: evidence || null,
        description: `The host fails rule ${r.ruleId} of the policy "${p.policyName}" (${p.benchmark}).`,
        matchedBy: 'policy',
        detection: 'policy-rule',
        qod: QOD_OF_TYPE.policy,
      };
    });
}

/** Rules whose findings this run closes on the host: passed, or no longer applicable. */
export const passedCheckIds = (p: DeliveredPolicy): string[] =>
  p.rules.filter((r) => r.result === 'pass' || r.result === 'notapplicable').map((r) => policyCheckId(r.ruleId));

export function policyHostInput(
  hostId: number,
  address: string,
  p: DeliveredPolicy,
  health: { health: string; message: string } | null,
): PolicyHostInput {
  return {
    hostId,
    address,
    policy: p.policy,
    policyName: p.policyName,
    benchmark: p.benchmark,
    score: p.score,
    counts: p.counts as PolicyHostResult['counts'],
    credentialHealth: health?.health ?? null,
    credentialMessage: health?.message ?? null,
    error: p.error ?? null,
    rules: p.rules.map((r) => ({ ...r, message: r.message ?? null })),
  };
}
