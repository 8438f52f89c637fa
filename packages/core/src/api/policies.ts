// Policy (OVAL) scanning's library (platform-core §7 `scan/ovalpolicies/`): a policy is one profile of an XCCDF
// benchmark from the SCAP content the installation has (the SCAP Security Guide's), which a policy profile will name.
import { z } from 'zod';

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
  source: z.enum(['ssg']),
});
export type OvalPolicy = z.infer<typeof ovalPolicy>;

export const ovalPolicyRule = z.object({ id: z.string(), title: z.string(), severity: z.enum(RULE_SEVERITIES) });
export const ovalPolicyDetail = ovalPolicy.extend({ rule_list: z.array(ovalPolicyRule) });
export type OvalPolicyDetail = z.infer<typeof ovalPolicyDetail>;
