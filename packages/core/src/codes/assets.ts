// Asset codes of feature-areas §3: asset types, port protocols, categories, filter kinds, fields and operators.

/** Asset types: network 1, host 2, webapp 3 (§3); cloud 4 and recipient 5 are ours (a cloud resource; a person phishing assessments go to). */
export const ASSET_TYPE = { network: 1, host: 2, webapp: 3, cloud: 4, recipient: 5 } as const;
export type AssetType = (typeof ASSET_TYPE)[keyof typeof ASSET_TYPE];
export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  1: 'Network',
  2: 'Host',
  3: 'Web application',
  4: 'Cloud resource',
  5: 'Recipient',
};

/** Port protocols: TCP 0, UDP 1, ICMP 2, unknown 99. */
export const PORT_PROTOCOL = { tcp: 0, udp: 1, icmp: 2, unknown: 99 } as const;
export type PortProtocol = (typeof PORT_PROTOCOL)[keyof typeof PORT_PROTOCOL];
export const PORT_PROTOCOL_LABELS: Record<PortProtocol, string> = { 0: 'TCP', 1: 'UDP', 2: 'ICMP', 99: 'Unknown' };

/** Unified asset categories. */
export const UNIFIED_ASSET_CATEGORIES = ['systems_and_networks', 'web_applications', 'cloud_assets', 'recipients'] as const;
export type UnifiedAssetCategory = (typeof UNIFIED_ASSET_CATEGORIES)[number];
export const UNIFIED_ASSET_CATEGORY_LABELS: Record<UnifiedAssetCategory, string> = {
  systems_and_networks: 'Systems and networks',
  web_applications: 'Web applications',
  cloud_assets: 'Cloud assets',
  recipients: 'Recipients',
};

/** Asset kinds offered in filters. */
export const ASSET_FILTER_KINDS = [
  'hosts',
  'policy',
  'devices',
  'web_applications',
  'recipients',
  'cloud_resources',
  'missing_patches',
] as const;
export type AssetFilterKind = (typeof ASSET_FILTER_KINDS)[number];
export const ASSET_FILTER_KIND_LABELS: Record<AssetFilterKind, string> = {
  hosts: 'Hosts',
  policy: 'Policy',
  devices: 'Devices',
  web_applications: 'Web applications',
  recipients: 'Recipients',
  cloud_resources: 'Cloud resources',
  missing_patches: 'Missing Patches',
};

/** Asset filter fields; the date ones are ranges. */
export const ASSET_FILTER_FIELDS = [
  'asset_name',
  'asset_type',
  'ipv4',
  'ipv6',
  'email_address',
  'is_server',
  'internet_facing',
  'open_ports',
  'os',
  'pci',
  'created',
  'last_detected',
  'first_detected',
] as const;
export type AssetFilterField = (typeof ASSET_FILTER_FIELDS)[number];

/** Text filter operators. */
export const FILTER_OPERATORS = ['starts_with', 'ends_with', 'contains', 'is', 'is_not'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  starts_with: 'Starts with',
  ends_with: 'Ends with',
  contains: 'Contains',
  is: 'Is',
  is_not: 'Is not',
};

/** Asset import form fields (multipart). */
export const ASSET_IMPORT_FIELDS = ['csv_file', 'update', 'create_missing_tags'] as const;

/** Team asset permissions. */
export const TEAM_ASSET_PERMISSIONS = ['ALL', 'LIMITED'] as const;
export type TeamAssetPermission = (typeof TEAM_ASSET_PERMISSIONS)[number];

/** What an asset is: a host, a network `a.b.c.d/m`, an IP range `start-end`, a web application URI, a cloud resource's provider id (ARN, resource id, OCID …), a recipient's e-mail address. */
export const ASSET_KINDS = ['host', 'network', 'range', 'webapp', 'cloud', 'recipient'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
/** The §3 type code of each kind (networks and ranges are both "network"). */
export const ASSET_KIND_TYPE: Record<AssetKind, AssetType> = { host: 2, network: 1, range: 1, webapp: 3, cloud: 4, recipient: 5 };
/** The unified category of each kind. */
export const ASSET_KIND_CATEGORY: Record<AssetKind, UnifiedAssetCategory> = {
  host: 'systems_and_networks',
  network: 'systems_and_networks',
  range: 'systems_and_networks',
  webapp: 'web_applications',
  cloud: 'cloud_assets',
  recipient: 'recipients',
};

/** Business criticality of an asset (and business impact of a tag): low 1 … critical 4; new assets are medium. */
export const BUSINESS_CRITICALITY = { low: 1, medium: 2, high: 3, critical: 4 } as const;
export type BusinessCriticality = (typeof BUSINESS_CRITICALITY)[keyof typeof BUSINESS_CRITICALITY];
export const BUSINESS_CRITICALITY_LABELS: Record<BusinessCriticality, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Critical' };
export const DEFAULT_BUSINESS_CRITICALITY: BusinessCriticality = 2;
/**
 * The factor an asset's business criticality puts on its risk score (docs/risk-score.md): medium, the default, leaves
 * the score as its findings make it; a critical asset's findings weigh 30 % more, a low one's a quarter less.
 */
export const CRITICALITY_RISK_WEIGHT: Record<BusinessCriticality, number> = { 1: 0.75, 2: 1, 3: 1.15, 4: 1.3 };

/** Asset fields a dynamic tag rule can test. */
export const TAG_RULE_FIELDS = [
  'asset_name',
  'address',
  'hostname',
  'os',
  'open_port',
  'service',
  'asset_type',
  'is_server',
  'internet_facing',
  'pci',
  'criticality',
  'max_severity',
] as const;
export type TagRuleField = (typeof TAG_RULE_FIELDS)[number];

/** One condition of a dynamic tag; a tag's rules must all hold (AND). */
export interface TagRule {
  field: TagRuleField;
  /** Text fields: the §3 text operators; address: in (a network or range) / not_in; numbers: is, is_not, gte, lte. */
  operator: string;
  value: string | number | boolean;
}
