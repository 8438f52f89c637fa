// Asset codes of feature-areas §3: asset types, port protocols, categories, filter kinds, fields and operators.

/** Asset types: network 1, host 2, webapp 3. */
export const ASSET_TYPE = { network: 1, host: 2, webapp: 3 } as const;
export type AssetType = (typeof ASSET_TYPE)[keyof typeof ASSET_TYPE];
export const ASSET_TYPE_LABELS: Record<AssetType, string> = { 1: 'Network', 2: 'Host', 3: 'Web application' };

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
