// The face of assets for their risk score: tags and customer settings refresh it through these. (Other asset files are
// still imported directly by older modules; they move here as those modules are touched.)
export { refreshAllAssetRisk, refreshAssetRisk } from './risk.ts';
