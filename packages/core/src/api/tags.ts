// Schemas of the tag calls (feature-areas §3 Unified tag, §7 Tags): a tag (static, or dynamic with rules over asset
// fields), what creating and changing one accepts with each rule checked, the basic pickers and the previews of a rule
// set or a tag set. Server and web share them.
import { z } from 'zod';
import { blank } from './fields.ts';
import { assetBasic } from './assets.ts';
import { TAG_RULE_FIELDS, type TagRule, type TagRuleField } from '../codes/assets.ts';
import { validateCidr, validateIp, validateIpRange } from '../validators/ip.ts';

const TEXT_OPS = ['starts_with', 'ends_with', 'contains', 'is', 'is_not'] as const;
const NUMBER_OPS = ['is', 'is_not', 'gte', 'lte'] as const;

/** The operators each rule field takes, and what its value must be. */
export const TAG_RULE_OPERATORS: Record<TagRuleField, readonly string[]> = {
  asset_name: TEXT_OPS,
  hostname: TEXT_OPS,
  os: TEXT_OPS,
  service: TEXT_OPS,
  address: ['in', 'not_in'],
  open_port: ['is', 'is_not'],
  asset_type: ['is', 'is_not'],
  is_server: ['is'],
  internet_facing: ['is'],
  pci: ['is'],
  criticality: NUMBER_OPS,
  max_severity: NUMBER_OPS,
};

export const TAG_RULE_FIELD_LABELS: Record<TagRuleField, string> = {
  asset_name: 'Name',
  address: 'Address',
  hostname: 'Host name',
  os: 'Operating system',
  open_port: 'Open port',
  service: 'Service or product',
  asset_type: 'Type',
  is_server: 'Server',
  internet_facing: 'Internet-facing',
  pci: 'PCI scope',
  criticality: 'Criticality',
  max_severity: 'Worst open finding',
};

export const TAG_RULE_OPERATOR_LABELS: Record<string, string> = {
  starts_with: 'starts with',
  ends_with: 'ends with',
  contains: 'contains',
  is: 'is',
  is_not: 'is not',
  in: 'is in',
  not_in: 'is not in',
  gte: 'is at least',
  lte: 'is at most',
};

const RANGES: Partial<Record<TagRuleField, [number, number, string]>> = {
  open_port: [1, 65535, 'Enter a port from 1 to 65535.'],
  asset_type: [1, 3, 'Enter an asset type: 1 network, 2 host, 3 web application.'],
  criticality: [1, 4, 'Enter a criticality from 1 (low) to 4 (critical).'],
  max_severity: [0, 4, 'Enter a severity from 0 (info) to 4 (critical).'],
};

/** Why a rule cannot be used, or null. */
export function validateTagRule(rule: TagRule): string | null {
  const ops = TAG_RULE_OPERATORS[rule.field];
  if (!ops) return `Choose a field: ${TAG_RULE_FIELDS.join(', ')}.`;
  if (!ops.includes(rule.operator)) return `${TAG_RULE_FIELD_LABELS[rule.field]} takes: ${ops.join(', ')}.`;
  const v = rule.value;
  switch (rule.field) {
    case 'is_server':
    case 'internet_facing':
    case 'pci':
      return typeof v === 'boolean' ? null : 'Choose yes or no.';
    case 'address': {
      if (typeof v !== 'string' || v.trim() === '') return 'Enter an address, a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).';
      const t = v.trim();
      const bad = t.includes('/') ? validateCidr(t) : t.includes('-') ? validateIpRange(t) : validateIp(t);
      return bad === null ? null : 'Enter an address, a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).';
    }
    case 'asset_name':
    case 'hostname':
    case 'os':
    case 'service':
      return typeof v === 'string' && v.trim() !== '' && v.length <= 200 ? null : 'Enter the text to compare (at most 200 characters).';
    default: {
      const [min, max, message] = RANGES[rule.field]!;
      return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : message;
    }
  }
}

export const tagRule = z
  .object({
    field: z.enum(TAG_RULE_FIELDS, { error: `Choose a field: ${TAG_RULE_FIELDS.join(', ')}.` }),
    operator: z.string({ error: 'Choose an operator.' }).max(20),
    value: z.union([z.string().max(200), z.number(), z.boolean()], { error: 'Enter a value.' }),
  })
  .superRefine((rule, ctx) => {
    const m = validateTagRule(rule as TagRule);
    if (m) ctx.addIssue({ code: 'custom', message: m });
  });

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');

export const tagInput = z
  .object({
    name: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, blank)
      .max(100, 'Ensure this field has no more than 100 characters.'),
    description: z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default(''),
    color: color.default('#1c7ed6'),
    is_dynamic: z.boolean().default(false),
    rules: z.array(tagRule).max(50, 'Use at most 50 rules.').default([]),
    business_impact: z
      .number()
      .int()
      .min(1, 'Choose an impact from 1 (low) to 4 (critical).')
      .max(4, 'Choose an impact from 1 (low) to 4 (critical).')
      .nullable()
      .default(null),
  })
  .superRefine((t, ctx) => {
    if (t.is_dynamic && t.rules.length === 0)
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'A dynamic tag needs at least one rule.' });
    if (!t.is_dynamic && t.rules.length > 0) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'Only dynamic tags have rules.' });
  });
export type TagInput = z.input<typeof tagInput>;

export const tag = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  is_dynamic: z.boolean(),
  rules: z.array(z.object({ field: z.enum(TAG_RULE_FIELDS), operator: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) })),
  business_impact: z.number().int().nullable(),
  asset_count: z.number().int(),
  created: z.string(),
  modified: z.string(),
  /** When a dynamic tag's rules were last applied to every asset. */
  evaluated: z.string().nullable(),
});
export type Tag = z.infer<typeof tag>;

/** The answer to a change: the tag, with the §8 propagation note when it is dynamic. */
export const tagReply = tag.extend({ message: z.string().optional() });
export type TagReply = z.infer<typeof tagReply>;

export const tagBasic = z.object({ id: z.number().int(), name: z.string(), color: z.string(), is_dynamic: z.boolean() });
export type TagBasic = z.infer<typeof tagBasic>;

/** POST tags/tags/preview/: the assets a rule set would tag. */
export const tagPreviewInput = z.object({ rules: z.array(tagRule).min(1, 'Add at least one rule.').max(50, 'Use at most 50 rules.') });

export { tagSetPreviewInput, type TagSetSelection } from './tag-set.ts';

export const assetPreview = z.object({ count: z.number().int(), results: z.array(assetBasic) });
export type AssetPreview = z.infer<typeof assetPreview>;
