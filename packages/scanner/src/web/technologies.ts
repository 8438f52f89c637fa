// Recognises the server, framework, CMS and JavaScript technologies a response shows (headers, generator tags,
// cookies, script URLs), with their versions and CPE 2.3 names so the intelligence can match CVEs on them.
import type { Technology, WebResponse } from './types.ts';

/** The technologies one response shows (the engine collects them over the whole scan, keeping one per name). */
export function detectTechnologies(res: WebResponse): Technology[] {
  void res;
  return [];
}
