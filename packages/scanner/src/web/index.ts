// The web-application scanner's face: its contract, its HTTP client, its tests and (engine.ts) the scan itself.
export * from './types.ts';
export { ScanHttpClient, CookieJar, requestText, excerpt, type WebClientOptions } from './http.ts';
export { WEB_TESTS, webTestCatalogue } from './tests/index.ts';
export { runWebScan, type WebScanOptions } from './engine.ts';
export { startOobListener, type OobServer } from './oob.ts';
export { detectTechnologies } from './technologies.ts';
