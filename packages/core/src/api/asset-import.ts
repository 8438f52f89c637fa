// The asset CSV import (feature-areas §3 Asset import: csv_file, update, create_missing_tags): its columns, the template
// users download, how one row's cell is checked (core's validators, so the form and the server say the same), and the
// answer. A file is all or nothing.
import { z } from 'zod';
import { validateAssetValue } from './assets.ts';
import { BUSINESS_CRITICALITY } from '../codes/assets.ts';
import { isBooleanString, BOOLEAN_STRING_MESSAGE } from '../validators/basic.ts';

export const ASSET_IMPORT_COLUMNS = [
  'asset',
  'name',
  'description',
  'criticality',
  'owner',
  'is_server',
  'internet_facing',
  'pci',
  'tags',
] as const;
export type AssetImportColumn = (typeof ASSET_IMPORT_COLUMNS)[number];

/** Rows one file may hold. */
export const ASSET_IMPORT_MAX_ROWS = 200_000;

export const ASSET_IMPORT_TEMPLATE = [
  ASSET_IMPORT_COLUMNS.join(','),
  '10.0.0.5,db-01,Primary database,critical,owner@example.com,true,false,true,Production;Databases',
  '10.0.0.0/24,Office LAN,,medium,,,,,Office',
  'https://shop.example.com/,Shop,Public web shop,high,,,true,true,Production',
  '',
].join('\r\n');

const CRITICALITY_WORDS: Record<string, number> = { low: 1, medium: 2, high: 3, critical: 4 };

/** The criticality of a cell: 1-4 or low / medium / high / critical; null when it is neither. */
export function parseCriticality(cell: string): number | null {
  const t = cell.trim().toLowerCase();
  if (t in CRITICALITY_WORDS) return CRITICALITY_WORDS[t]!;
  return /^[1-4]$/.test(t) ? Number(t) : null;
}

/** Tag names of a cell: separated by semicolons or vertical bars, blanks dropped. */
export function tagNamesOf(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[;|]/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

/** Why a cell of `column` cannot be imported, or null. An empty cell is fine except for `asset`. */
export function validateImportCell(column: AssetImportColumn, cell: string): string | null {
  const v = cell.trim();
  if (column === 'asset') return v === '' ? 'Asset is required' : validateAssetValue(v);
  if (v === '') return null;
  switch (column) {
    case 'name':
      return v.length > 200 ? 'Ensure this field has no more than 200 characters.' : null;
    case 'description':
      return v.length > 2000 ? 'Ensure this field has no more than 2000 characters.' : null;
    case 'criticality':
      return parseCriticality(v) === null
        ? `Enter a criticality: ${Object.keys(CRITICALITY_WORDS).join(', ')} or ${BUSINESS_CRITICALITY.low}-${BUSINESS_CRITICALITY.critical}.`
        : null;
    case 'owner':
      return z.email().safeParse(v).success ? null : 'Enter the email address of a user.';
    case 'is_server':
    case 'internet_facing':
    case 'pci':
      return isBooleanString(v.toLowerCase()) ? null : BOOLEAN_STRING_MESSAGE;
    case 'tags':
      return tagNamesOf(v).some((n) => n.length > 100) ? 'A tag name has at most 100 characters.' : null;
  }
}

export const assetImportResult = z.object({
  /** True when nothing was written (a preview). */
  preview: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows naming an asset that exists, left as it is (update off). */
  skipped: z.number().int(),
  tags_created: z.array(z.string()),
});
export type AssetImportResult = z.infer<typeof assetImportResult>;
