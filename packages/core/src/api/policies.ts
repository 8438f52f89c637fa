// Policy (OVAL) scanning (platform-core §1, §3, §7): the library (`scan/ovalpolicies/`: each profile of an XCCDF
// benchmark from the installation's SCAP content, and the OVAL files a customer imported), policy profiles
// (`scan/oprofiles/`: policy, scan_type oval, the Linux credentials that log in), and what a run found per host and rule.
import { z } from 'zod';
import { blank, name } from './fields.ts';

export const RULE_SEVERITIES = ['unknown', 'info', 'low', 'medium', 'high'] as const;

export const ovalPolicy = z.object({
  /** `<content file>#<XCCDF profile id>`: stable while the content is installed. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The benchmark: "Guide to the Secure Configuration of Debian 11", its version and platforms. */
  benchmark: z.string(),
  version: z.string().nullable(),
  platforms: z.array(z.string()),
  rules: z.number().int(),
  /** 'ssg': SCAP content installed on the server; 'imported': an OVAL definitions file the customer imported. */
  source: z.enum(['ssg', 'imported']),
});
export type OvalPolicy = z.infer<typeof ovalPolicy>;

export const ovalPolicyRule = z.object({ id: z.string(), title: z.string(), severity: z.enum(RULE_SEVERITIES) });
export const ovalPolicyDetail = ovalPolicy.extend({ rule_list: z.array(ovalPolicyRule) });
export type OvalPolicyDetail = z.infer<typeof ovalPolicyDetail>;

/** POST scan/ovalpolicies/import/: an OVAL definitions document (XML text); each definition becomes a rule. */
export const ovalImportInput = z.object({
  name,
  content: z.string().min(1, blank).max(50_000_000, 'The file is larger than 50 MB.'),
});

/** Where a policy id points: `imported:<n>` is an imported OVAL file, anything else the SCAP content library. */
export function importedPolicyId(policy: string): number | null {
  const m = /^imported:(\d{1,9})$/.exec(policy);
  return m ? Number(m[1]) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Policy profiles.

const description = z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default('');

export const policyProfileInput = z.object({
  name,
  description,
  /** An id of scan/ovalpolicies/. */
  policy: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(500),
  /** Linux credentials tried in order: a policy scan logs in to read the configuration, so one is needed. */
  lin_auths: z
    .array(z.number().int().positive())
    .max(100)
    .default([])
    .refine((v) => v.length > 0, 'Choose at least one Linux credential: a policy scan logs in to read the configuration.'),
  /**
   * Bulwark: evaluate the benchmark even on a release it was not written for (e.g. the Debian 11 guide on Debian 12);
   * each rule still checks its own platform. Off: such a host's rules are all "not applicable".
   */
  ignore_platform: z.boolean().default(false),
});
export type PolicyProfileInput = z.input<typeof policyProfileInput>;

export const policyProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.literal('oval'),
  scan_type: z.literal('oval'),
  policy: z.string(),
  /** The policy's name in the library; null when it is no longer there (content removed, file deleted). */
  policy_name: z.string().nullable(),
  lin_auths: z.array(z.number().int()),
  ignore_platform: z.boolean(),
  builtin: z.boolean(),
  user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created: z.string(),
  modified: z.string(),
});
export type PolicyProfile = z.infer<typeof policyProfile>;

/** The export format of a policy profile (what scan/oprofiles/import/ accepts). */
export const policyProfileExport = z.object({
  format: z.literal('bulwark-oprofile/1'),
  name,
  description,
  policy: z.string().trim().min(1).max(500),
  lin_auths: z.array(z.number().int().positive()).max(100).default([]),
  ignore_platform: z.boolean().default(false),
});

// ---------------------------------------------------------------------------------------------------------------
// Results of policy runs.

export const POLICY_RULE_RESULTS = ['pass', 'fail', 'error', 'unknown', 'notapplicable', 'notchecked'] as const;
export type PolicyRuleResult = (typeof POLICY_RULE_RESULTS)[number];
export const POLICY_RULE_RESULT_LABELS: Record<PolicyRuleResult, string> = {
  pass: 'Pass',
  fail: 'Fail',
  error: 'Error',
  unknown: 'Unknown',
  notapplicable: 'Not applicable',
  notchecked: 'Not checked',
};
export type RuleSeverityName = (typeof RULE_SEVERITIES)[number];
/** XCCDF severity → the finding severity of a failed rule (0 info … 3 high; policy rules are never critical). */
export const RULE_SEVERITY_CODE: Record<RuleSeverityName, 0 | 1 | 2 | 3> = { unknown: 0, info: 0, low: 1, medium: 2, high: 3 };

export const policyCounts = z.object(
  Object.fromEntries(POLICY_RULE_RESULTS.map((r) => [r, z.number().int()])) as Record<PolicyRuleResult, z.ZodNumber>,
);
export type PolicyCounts = z.infer<typeof policyCounts>;

/** One host of a policy run (scan/noruns/{id}/hosts/). */
export const policyHostResult = z.object({
  id: z.number().int(),
  host_id: z.number().int(),
  address: z.string(),
  hostnames: z.array(z.string()),
  policy: z.string(),
  policy_name: z.string(),
  benchmark: z.string(),
  /** XCCDF default-model score, 0–100 (null when nothing could be evaluated). */
  score: z.number().nullable(),
  counts: policyCounts,
  credential_health: z.string().nullable(),
  credential_message: z.string().nullable(),
  /** Why the host could not be evaluated (login failed, content not for this system …). */
  error: z.string().nullable(),
});
export type PolicyHostResult = z.infer<typeof policyHostResult>;

/** One rule on one host (scan/noruns/{id}/rules/). */
export const policyRuleRow = z.object({
  id: z.number().int(),
  host_id: z.number().int(),
  address: z.string(),
  rule_id: z.string(),
  title: z.string(),
  severity: z.enum(RULE_SEVERITIES),
  result: z.enum(POLICY_RULE_RESULTS),
  result_label: z.string(),
  /** What was collected on the host (items, values) and why the rule came out as it did. */
  evidence: z.array(z.string()),
  message: z.string().nullable(),
});
export type PolicyRuleRow = z.infer<typeof policyRuleRow>;

export const POLICY_RULE_ORDERINGS = ['title', 'severity', 'result', 'address', 'rule_id'] as const;

/** GET assets/{id}/policy-results/: the host's latest result of each policy, newest first. */
export const assetPolicyResult = policyHostResult.extend({
  run_id: z.number().int(),
  scan_id: z.number().int(),
  finished: z.string().nullable(),
});
export type AssetPolicyResult = z.infer<typeof assetPolicyResult>;
