// Calls of the asset inventory (feature-areas §7 Assets): the list (network assets or the unified view), the asset page
// in one call, its open ports and scan history, tag counts for the tag filter, host choices for pickers, create, change
// and delete, CSV import.
import {
  asset,
  assetBasic,
  assetBulkAnswer,
  assetCounts,
  assetImportResult,
  assetPort,
  assetScan,
  singleAsset,
  type Asset,
  type AssetBasic,
  type AssetBulkInput,
  type AssetBulkQueued,
  type AssetBulkResult,
  type AssetCounts,
  type AssetImportResult,
  type AssetInput,
  type AssetPort,
  type AssetScan,
  type SingleAsset,
} from '@bulwark/core';
import { api, apiUrl } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const assetPage = pagedAnswer(asset);
const portPage = pagedAnswer(assetPort);
const scanPage = pagedAnswer(assetScan);
const basicPage = pagedAnswer(assetBasic);

export function fetchAssets(query: QueryParams, unified: boolean, signal?: AbortSignal): Promise<Paged<Asset>> {
  return api.get(unified ? 'unified-assets/unified-assets/' : 'assets/assets/', { query, signal, schema: assetPage });
}

export function fetchSingleAsset(id: number, signal?: AbortSignal): Promise<SingleAsset> {
  return api.get(`single-asset/${id}/`, { signal, schema: singleAsset });
}

export function fetchAssetPorts(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<AssetPort>> {
  return api.get(`assets/${id}/open-ports/`, { query, signal, schema: portPage });
}

export function fetchAssetScans(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<AssetScan>> {
  return api.get(`assets/${id}/scans/`, { query, signal, schema: scanPage });
}

/** GET assets/basic/?search=: hosts, networks and ranges for pickers (id, name, kind). */
export function fetchAssetChoices(query: QueryParams, signal?: AbortSignal): Promise<Paged<AssetBasic>> {
  return api.get('assets/basic/', { query, signal, schema: basicPage });
}

export function fetchTagCounts(signal?: AbortSignal): Promise<AssetCounts> {
  return api.get('count/', { signal, schema: assetCounts });
}

export function createAsset(input: AssetInput): Promise<Asset> {
  return api.post('assets/assets/', input, { schema: asset });
}

export function updateAsset(id: number, input: Partial<AssetInput>): Promise<Asset> {
  return api.patch(`assets/${id}/`, input, { schema: asset });
}

export function deleteAsset(id: number): Promise<void> {
  return api.delete(`assets/assets/${id}/`);
}

export const ASSET_KEYS = {
  all: ['assets'] as const,
  list: (unified: boolean, query: QueryParams) => ['assets', 'list', unified, query] as const,
  one: (id: number) => ['assets', 'one', id] as const,
  ports: (id: number, query: QueryParams) => ['assets', 'ports', id, query] as const,
  scans: (id: number, query: QueryParams) => ['assets', 'scans', id, query] as const,
  tags: ['assets', 'tag-counts'] as const,
  choices: (search: string) => ['assets', 'choices', search] as const,
};

export interface ImportChoices {
  update: boolean;
  createMissingTags: boolean;
  preview: boolean;
}

/** POST assets/import/: the file as csv_file with the choices; a preview writes nothing. */
export function importAssets(file: File, o: ImportChoices): Promise<AssetImportResult> {
  const body = new FormData();
  body.set('update', String(o.update));
  body.set('create_missing_tags', String(o.createMissingTags));
  body.set('preview', String(o.preview));
  // The file goes last: the server reads the choices before it streams the rows.
  body.set('csv_file', file);
  return api.post('assets/import/', body, { schema: assetImportResult });
}

/** Where the CSV template is downloaded from. */
export const IMPORT_TEMPLATE_URL = apiUrl('assets/import/template/');

/** POST assets-bulk-operation/: on the selected ids, or on every asset the list's filter (its query) matches. */
export function bulkOperation(input: AssetBulkInput): Promise<AssetBulkResult | AssetBulkQueued> {
  // Over 10,000 assets the server answers 202 with a job to follow instead of the result.
  return api.post('assets-bulk-operation/', input, { schema: assetBulkAnswer });
}

/** GET assets/{id}/vulnerabilities/: the asset's open findings, worst first. */
