// The face of assets: what other modules and the composition root use of them (their routes, the bulk-edit job, host
// and range normalising for targets, an asset's row, tag evaluation and rules, and the risk score that tags, customer
// settings and findings refresh). The tenancy scope and the asset filter are not here: they are a layer below
// (src/tenancy/). Other modules import assets from here only.
export { ASSET_BULK_QUEUE, type AssetBulkJob, runBulkJob } from './bulk-queue.ts';
export { classifyTarget, isPublicAddress, normaliseHost, normaliseIpRange, splitTargetLines, type TargetKind } from './normalise.ts';
export { refreshAssetsDerived } from './derived.ts';
export { refreshAllAssetRisk, refreshAssetRisk } from './risk.ts';
export { appsAndPortsRoutes } from './routes-apps-ports.ts';
export { assetBulkRoutes } from './routes-bulk.ts';
export { assetImportRoutes } from './routes-import.ts';
export { assetRoutes } from './routes.ts';
export { deleteAssets, getAssetRow, scopeOfCaller } from './service.ts';
export { addHostAssets, type AddedHosts } from './add-hosts.ts';
export { evaluateAssets, evaluateTag, tagSetTargets } from './tag-evaluation.ts';
export { rulesCondition, tagSetCondition } from './tag-rules.ts';
export { assetsJobs } from './jobs.ts';
