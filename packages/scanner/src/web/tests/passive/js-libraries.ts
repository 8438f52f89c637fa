// Outdated JavaScript libraries: the libraries a page loads (script URLs) or a script contains (banner, version in
// the code), looked up in Retire.js's vulnerable ranges. One finding per site, library and version.
import { librariesFromUrl, librariesInResponse, libraryVulnerabilities, type DetectedLibrary } from '../../js-libraries.ts';
import type { WebFinding, WebTest } from '../../types.ts';
import { finding, isHtml, isJavaScript, once, originOf, scriptSources } from './support.ts';

export const outdatedJsLibraries: WebTest = {
  id: 'web-js-library-outdated',
  name: 'JavaScript library with known vulnerabilities',
  category: 'outdated-components',
  severity: 2,
  cwe: ['CWE-1395'],
  owasp: 'A06:2021',
  description:
    'The site uses a version of a JavaScript library with publicly known vulnerabilities (Retire.js data set): cross-site scripting, prototype pollution, regular-expression denial of service …',
  solution: 'Upgrade the library to a version outside every vulnerable range, and keep front-end dependencies under a dependency check.',
  references: ['https://retirejs.github.io/retire.js/', 'https://owasp.org/Top10/A06_2021-Vulnerable_and_Outdated_Components/'],
  kind: 'passive',
  response(res, ctx) {
    if (res.status < 200 || res.status >= 300) return [];
    const found: { lib: DetectedLibrary; needle?: string }[] = [];
    if (isJavaScript(res)) {
      for (const lib of librariesFromUrl(res.url)) found.push({ lib });
      const named = new Set(found.map((f) => f.lib.id));
      for (const lib of librariesInResponse(res)) if (!named.has(lib.id)) found.push({ lib, needle: lib.version });
    } else if (isHtml(res)) {
      for (const src of scriptSources(res.body, res.url))
        for (const lib of librariesFromUrl(src)) found.push({ lib, needle: src.slice(src.lastIndexOf('/') + 1) });
    }
    const out: WebFinding[] = [];
    for (const { lib, needle } of found) {
      const verdict = libraryVulnerabilities(lib.id, lib.version);
      if (!verdict || !once(ctx, `web-js-library-outdated ${originOf(res.url)} ${lib.id} ${lib.version}`)) continue;
      const lines = verdict.vulnerabilities
        .slice(0, 12)
        .map(
          (v) =>
            `${v.atOrAbove ? `>= ${v.atOrAbove}, ` : ''}< ${v.below}: ${v.summary || v.ghsa || 'vulnerability'}${v.cves.length ? ` (${v.cves.join(', ')})` : ''}`,
        );
      out.push(
        finding({
          test: 'web-js-library-outdated',
          res,
          ...(needle ? { needle } : {}),
          name: `${lib.name} ${lib.version} has known vulnerabilities`,
          severity: verdict.severity,
          cve: verdict.cves,
          proof: `${lib.name} ${lib.version} (${lib.evidence}); ${verdict.vulnerabilities.length} known vulnerabilit${verdict.vulnerabilities.length === 1 ? 'y' : 'ies'}:\n${lines.join('\n')}`,
          how: 'version recognised by Retire.js patterns, matched to its vulnerable ranges',
        }),
      );
    }
    return out;
  },
};
