// Pure rules of the asset screens: the list's filters (§3 fields, operators and tags), the words for types, kinds,
// criticality and protocols, the display of dates, and where an asset's page is.
import {
  ASSET_FILTER_KIND_LABELS,
  ASSET_ORDERING_KEYS,
  ASSET_TYPE_LABELS,
  DEFAULT_ASSET_ORDERING,
  BUSINESS_CRITICALITY_LABELS,
  FILTER_OPERATORS,
  PORT_PROTOCOL_LABELS,
  UNIFIED_ASSET_CATEGORIES,
  UNIFIED_ASSET_CATEGORY_LABELS,
  formatDateTime,
  type Asset,
  type AssetFilterKind,
  type AssetType,
  type BusinessCriticality,
  type PortProtocol,
} from '@bulwark/core';
import type { FilterDef, FilterOption } from '../../components/filter-bar/index.ts';

export const ASSET_PAGE_SIZE = 50;
/** Every column the server orders by can be sorted in the table. */
export const ASSET_SORT_KEYS: readonly string[] = ASSET_ORDERING_KEYS;
export { DEFAULT_ASSET_ORDERING };

export const NET_ASSETS_PATH = '/assets/assets';
export const UNIFIED_ASSETS_PATH = '/assets/unified-assets';
export const assetPath = (id: number, unified = false) => `${unified ? UNIFIED_ASSETS_PATH : NET_ASSETS_PATH}/view/${id}`;

export const CRITICALITY_OPTIONS: readonly FilterOption[] = ([1, 2, 3, 4] as BusinessCriticality[]).map((c) => ({
  value: String(c),
  label: BUSINESS_CRITICALITY_LABELS[c],
}));

/** The §3 asset kinds the inventory holds today (Policy: hosts with a policy result); recipients and cloud resources have no source yet. */
const KIND_OPTIONS: readonly FilterOption[] = (
  ['hosts', 'devices', 'web_applications', 'policy', 'missing_patches'] as const satisfies readonly AssetFilterKind[]
).map((k) => ({ value: k, label: ASSET_FILTER_KIND_LABELS[k] }));

/** The list's filters; the tag options come from the customer's tags. */
export function assetFilters(tags: readonly FilterOption[], unified: boolean): FilterDef[] {
  return [
    { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name, address, host name, OS', width: 220 },
    { kind: 'text', name: 'asset_name', label: 'Name', operators: FILTER_OPERATORS, width: 200 },
    { kind: 'text', name: 'ipv4', label: 'IPv4', operators: FILTER_OPERATORS, width: 180 },
    { kind: 'text', name: 'os', label: 'OS', operators: FILTER_OPERATORS, width: 180 },
    unified
      ? {
          kind: 'multi-select',
          name: 'category',
          label: 'Category',
          placeholder: 'Any category',
          options: UNIFIED_ASSET_CATEGORIES.map((c) => ({ value: c, label: UNIFIED_ASSET_CATEGORY_LABELS[c] })),
          width: 240,
        }
      : {
          kind: 'multi-select',
          name: 'asset_type',
          label: 'Type',
          placeholder: 'Any type',
          options: ([1, 2, 3] as AssetType[]).map((t) => ({ value: String(t), label: ASSET_TYPE_LABELS[t] })),
          width: 220,
        },
    { kind: 'multi-select', name: 'asset_kind', label: 'Kind', placeholder: 'Any kind', options: KIND_OPTIONS, width: 220 },
    { kind: 'multi-select', name: 'any_tags', label: 'Tags (any of)', placeholder: 'Any tags', options: tags, width: 220 },
    { kind: 'multi-select', name: 'any_tags_exc', label: 'Without tags', placeholder: 'No exclusion', options: tags, width: 220 },
    { kind: 'multi-select', name: 'criticality', label: 'Criticality', placeholder: 'Any', options: CRITICALITY_OPTIONS, width: 200 },
    { kind: 'boolean', name: 'internet_facing', label: 'Internet-facing', trueLabel: 'Internet-facing', falseLabel: 'Internal' },
    { kind: 'boolean', name: 'is_server', label: 'Server', trueLabel: 'Servers', falseLabel: 'Not servers' },
    { kind: 'boolean', name: 'pci', label: 'PCI', trueLabel: 'In PCI scope', falseLabel: 'Not in PCI scope' },
    { kind: 'date-range', name: 'last_detected', label: 'Last detected', fromLabel: 'From', toLabel: 'To', width: 150 },
    { kind: 'date-range', name: 'first_detected', label: 'First detected', fromLabel: 'From', toLabel: 'To', width: 150 },
  ];
}

export function assetTypeLabel(a: Pick<Asset, 'asset_type' | 'kind'>): string {
  if (a.kind === 'range') return 'IP range';
  return ASSET_TYPE_LABELS[a.asset_type as AssetType] ?? 'Asset';
}

export function criticalityLabel(c: number): string {
  return BUSINESS_CRITICALITY_LABELS[c as BusinessCriticality] ?? String(c);
}

export function protocolLabel(p: number): string {
  return PORT_PROTOCOL_LABELS[p as PortProtocol] ?? String(p);
}

const CRITICALITY_COLORS: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'red' };
export const criticalityColor = (c: number): string => CRITICALITY_COLORS[c] ?? 'gray';

/** 'YYYY-MM-DD HH:mm', or 'Never' when no scan saw it. */
export function seenText(value: string | null): string {
  return value === null ? 'Never' : formatDateTime(value) || value;
}

/** The address and host names under an asset's name, when they add something. */
export function assetSubtitle(a: Asset): string | null {
  const parts = [a.ipv4 ?? a.ipv6, ...a.hostnames].filter((p): p is string => Boolean(p) && p !== a.asset_name);
  if (a.name && a.value !== a.asset_name && !parts.includes(a.value)) parts.unshift(a.value);
  return parts.length ? parts.join(' · ') : null;
}

export { riskScoreColor as riskColor } from '../../components/risk-colors.ts';
