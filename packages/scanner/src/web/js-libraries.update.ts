// Rebuilds js-libraries.data.json from Retire.js's data set, the way the committed file was made:
//   npx tsx packages/scanner/src/web/js-libraries.update.ts <path to retire.js/repository/jsrepository.json> <commit> <commit date>
// It keeps the libraries below (file-name, URL and content patterns with the version placeholder replaced, and the
// vulnerable ranges with severity, CVEs and summary) and merges jQuery UI's widget entries into jQuery UI.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Retire.js id, display name, CPE vendor:product prefix, entries merged into it. */
const LIBRARIES: [string, string, string | null, string[]?][] = [
  ['jquery', 'jQuery', 'cpe:2.3:a:jquery:jquery'],
  ['jquery-ui', 'jQuery UI', 'cpe:2.3:a:jquery:jquery_ui', ['jquery-ui-dialog', 'jquery-ui-tooltip', 'jquery-ui-autocomplete']],
  ['jquery-migrate', 'jQuery Migrate', null],
  ['jquery-validation', 'jQuery Validation', 'cpe:2.3:a:jqueryvalidation:jquery_validation'],
  ['bootstrap', 'Bootstrap', 'cpe:2.3:a:getbootstrap:bootstrap'],
  ['angularjs', 'AngularJS', 'cpe:2.3:a:angularjs:angular.js'],
  ['@angular/core', 'Angular', 'cpe:2.3:a:angular:angular'],
  ['react', 'React', 'cpe:2.3:a:facebook:react'],
  ['react-dom', 'React DOM', null],
  ['vue', 'Vue.js', 'cpe:2.3:a:vuejs:vue.js'],
  ['lodash', 'Lodash', 'cpe:2.3:a:lodash:lodash'],
  ['underscore.js', 'Underscore.js', 'cpe:2.3:a:underscorejs:underscore'],
  ['moment.js', 'Moment.js', 'cpe:2.3:a:momentjs:moment'],
  ['handlebars', 'Handlebars', 'cpe:2.3:a:handlebarsjs:handlebars'],
  ['mustache.js', 'Mustache.js', null],
  ['DOMPurify', 'DOMPurify', 'cpe:2.3:a:cure53:dompurify'],
  ['knockout', 'Knockout', 'cpe:2.3:a:knockoutjs:knockout'],
  ['backbone.js', 'Backbone.js', 'cpe:2.3:a:backbonejs:backbone'],
  ['ember', 'Ember.js', 'cpe:2.3:a:emberjs:ember.js'],
  ['prototypejs', 'Prototype', 'cpe:2.3:a:prototypejs:prototype'],
  ['YUI', 'YUI', 'cpe:2.3:a:yahoo:yui'],
  ['dojo', 'Dojo', 'cpe:2.3:a:dojotoolkit:dojo'],
  ['tinyMCE', 'TinyMCE', 'cpe:2.3:a:tiny:tinymce'],
  ['ckeditor', 'CKEditor', 'cpe:2.3:a:ckeditor:ckeditor'],
  ['ckeditor5', 'CKEditor 5', 'cpe:2.3:a:ckeditor:ckeditor5'],
];

const SEVERITY: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3, critical: 4 };

interface RetireVulnerability {
  atOrAbove?: string;
  below: string;
  severity: string;
  identifiers?: { CVE?: string[]; githubID?: string; summary?: string; issue?: string };
  info?: string[];
}
interface RetireEntry {
  extractors: Record<string, string[] | undefined>;
  vulnerabilities: RetireVulnerability[];
}

function build(jsrepository: string, commit: string, date: string): unknown {
  // Retire.js replaces its placeholder with this pattern before parsing (node/lib/retire.js).
  const repo = JSON.parse(readFileSync(jsrepository, 'utf8').replace(/§§version§§/g, '[0-9][0-9.a-z_\\\\-]+')) as Record<
    string,
    RetireEntry
  >;
  const libraries = LIBRARIES.map(([id, name, cpe, merge]) => {
    const seen = new Set<string>();
    const vulnerabilities = [id, ...(merge ?? [])].flatMap((from) =>
      repo[from]!.vulnerabilities.flatMap((v) => {
        const ids = v.identifiers ?? {};
        const cves = ids.CVE ?? [];
        const key = `${v.atOrAbove ?? ''}|${v.below}|${cves.join(',')}|${ids.summary ?? ''}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [
          {
            ...(v.atOrAbove ? { atOrAbove: v.atOrAbove } : {}),
            below: v.below,
            severity: SEVERITY[v.severity] ?? 2,
            cves,
            ...(ids.githubID ? { ghsa: ids.githubID } : {}),
            summary: (ids.summary ?? (ids.issue ? `issue ${ids.issue}` : '')).trim().slice(0, 200),
            ...(v.info?.[0] ? { info: v.info[0] } : {}),
          },
        ];
      }),
    );
    const ex = repo[id]!.extractors;
    const lib = {
      id,
      name,
      ...(cpe ? { cpe } : {}),
      uri: ex.uri ?? [],
      filename: ex.filename ?? [],
      filecontent: ex.filecontent ?? [],
      filecontentreplace: ex.filecontentreplace ?? [],
      vulnerabilities,
    };
    for (const p of [...lib.uri, ...lib.filename, ...lib.filecontent]) new RegExp(p); // every pattern compiles
    return lib;
  });
  return {
    _source: `Retire.js repository/jsrepository.json (https://github.com/RetireJS/retire.js, Apache-2.0), commit ${commit} of ${date}, extracted ${new Date().toISOString().slice(0, 10)}: the libraries below with their file-name, URL and content patterns (the version placeholder already replaced by [0-9][0-9.a-z_\\-]+) and their vulnerable version ranges (atOrAbove <= v < below). Regenerate with js-libraries.update.ts.`,
    libraries,
  };
}

// Only when run as a script, never on import.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, commit, date] = process.argv.slice(2);
  if (file && commit && date) {
    const out = fileURLToPath(new URL('./js-libraries.data.json', import.meta.url));
    writeFileSync(out, `${JSON.stringify(build(file, commit, date), null, 2)}\n`);
    console.log(`wrote ${out} (format it with prettier)`);
  } else {
    console.error('usage: js-libraries.update.ts <jsrepository.json> <commit> <commit date>');
    process.exitCode = 2;
  }
}
