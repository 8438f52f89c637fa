// The passive and site web tests (they read the responses the scan received, or ask a site fixed questions), in
// catalogue order.
import type { WebTest } from '../../types.ts';

export const PASSIVE_WEB_TESTS: WebTest[] = [];
