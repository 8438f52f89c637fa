// The active web tests (they send payloads to insertion points and pages), in catalogue order.
import type { WebTest } from '../../types.ts';
import { cmdiOutput, cmdiTime } from './cmdi.ts';
import { crlfInjection } from './crlf.ts';
import { openRedirect } from './redirect.ts';
import { rfi, ssrf } from './remote.ts';
import { sqliBoolean, sqliError, sqliTime } from './sqli.ts';
import { ssti } from './ssti.ts';
import { pathTraversal } from './traversal.ts';
import { fileUpload } from './upload.ts';
import { xssDom } from './xss-dom.ts';
import { xssReflected, xssStored } from './xss.ts';
import { xxe } from './xxe.ts';

export const ACTIVE_WEB_TESTS: WebTest[] = [
  sqliError,
  sqliBoolean,
  sqliTime,
  xssReflected,
  xssStored,
  xssDom,
  cmdiOutput,
  cmdiTime,
  pathTraversal,
  rfi,
  ssrf,
  openRedirect,
  crlfInjection,
  ssti,
  xxe,
  fileUpload,
];
