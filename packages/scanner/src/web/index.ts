// The web-application scanner's face: its contract, its HTTP client, its tests and (engine.ts) the scan itself.
export * from './types.ts';

/**
 * The web engine's version: a probe reports it, and the server refuses web tasks to probes older than its own
 * (error 11, WAS version too old). Raise it when a web task needs something older engines do not do.
 */
export const WEB_ENGINE_VERSION = 1;
export { ScanHttpClient, CookieJar, requestText, excerpt, type WebClientOptions } from './http.ts';
export { WEB_TESTS, webTestCatalogue } from './tests/index.ts';
export { selectWebTests, type WebTestSelection } from './tests/select.ts';
export { runWebScan, type WebScanOptions } from './engine.ts';
export { startOobListener, type OobServer } from './oob.ts';
export { detectTechnologies } from './technologies.ts';
