// The passive and site web tests (they read the responses the scan received, or ask a site fixed questions), in
// catalogue order: sensitive content, headers and cookies, CSRF and CORS, information disclosure, HTTP methods,
// outdated components.
import type { WebTest } from '../../types.ts';
import { corsMisconfiguration } from './cors.ts';
import { csrf } from './csrf.ts';
import { DISCLOSURE_TESTS } from './disclosure.ts';
import { HEADER_TESTS } from './headers.ts';
import { outdatedJsLibraries } from './js-libraries.ts';
import { httpMethods } from './methods.ts';
import { backupFiles, sourceMaps, vcsExposure } from './probes.ts';
import { SENSITIVE_TESTS } from './sensitive.ts';
import { serverVersion } from './server-version.ts';
import { statusEndpoints } from './status-endpoints.ts';

export const PASSIVE_WEB_TESTS: WebTest[] = [
  ...SENSITIVE_TESTS,
  ...HEADER_TESTS,
  csrf,
  corsMisconfiguration,
  ...DISCLOSURE_TESTS,
  serverVersion,
  vcsExposure,
  statusEndpoints,
  backupFiles,
  sourceMaps,
  httpMethods,
  outdatedJsLibraries,
];
