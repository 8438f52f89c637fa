// The active web tests (they send payloads to insertion points and pages), in catalogue order.
import type { WebTest } from '../../types.ts';

export const ACTIVE_WEB_TESTS: WebTest[] = [];
