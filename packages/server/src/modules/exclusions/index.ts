// The face of the exceptions (exclusions/exclusions/): what is kept out of scanning and ticketing. Other modules import
// it from here only.
export { findingExcludedSql, placeExcludedSql } from './covers.ts';
export { exclusionRoutes } from './routes.ts';
export { networkScanExceptions, webScanExcludePatterns } from './scan.ts';
