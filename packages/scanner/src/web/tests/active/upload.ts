// Unrestricted file upload: a form's file field given a harmless marker file with a script or HTML extension; the
// file is looked for (links in the answer, common upload folders) and fetched back. Confirmed only when the server
// runs it (a .php/.jsp/.aspx file's arithmetic comes back computed) or serves it as HTML/SVG, where a script in it
// would run on the site's origin.
import { excerpt, requestText } from '../../http.ts';
import { factors, marker, multipart, refreshFields } from '../../inject.ts';
import type { InsertionPoint, WebFinding, WebResponse, WebTest, WebTestContext } from '../../types.ts';

interface Probe {
  ext: string;
  contentType: string;
  content: (m: string, expr: string) => string;
  /** The file was run by the server (script) or is served where scripts run (markup). */
  kind: 'code' | 'markup';
}

const PROBES: Probe[] = [
  { ext: 'php', contentType: 'application/x-php', content: (m, e) => `${m} <?php echo ${e}; ?>`, kind: 'code' },
  { ext: 'phtml', contentType: 'application/x-php', content: (m, e) => `${m} <?php echo ${e}; ?>`, kind: 'code' },
  { ext: 'jsp', contentType: 'text/plain', content: (m, e) => `${m} <%= ${e} %>`, kind: 'code' },
  { ext: 'aspx', contentType: 'text/plain', content: (m, e) => `${m} <%= ${e} %>`, kind: 'code' },
  { ext: 'html', contentType: 'text/html', content: (m) => `<p>${m}</p>`, kind: 'markup' },
  {
    ext: 'svg',
    contentType: 'image/svg+xml',
    content: (m) => `<svg xmlns="http://www.w3.org/2000/svg"><text>${m}</text></svg>`,
    kind: 'markup',
  },
];

const DIRS = ['uploads/', 'upload/', 'files/', 'images/', 'media/', 'static/uploads/', 'public/uploads/'];

function candidates(point: InsertionPoint, res: WebResponse, filename: string): string[] {
  const out = new Set<string>();
  for (const m of res.body.matchAll(/(?:href|src|action)\s*=\s*["']?([^"'\s>]+)/gi))
    if (m[1]!.includes(filename)) out.add(new URL(m[1]!, res.url).toString());
  const loc = res.headers.location;
  if (loc?.includes(filename)) out.add(new URL(loc, res.url).toString());
  const action = new URL(point.url);
  for (const base of [new URL('./', action), new URL('/', action)]) for (const d of DIRS) out.add(new URL(d + filename, base).toString());
  return [...out].slice(0, 10);
}

export const fileUpload: WebTest = {
  id: 'web-file-upload',
  name: 'Unrestricted file upload',
  category: 'file-upload',
  severity: 4,
  cwe: ['CWE-434'],
  owasp: 'A04:2021',
  description:
    'A file uploaded through the form keeps its name and extension and is served from the site: a script file is run ' +
    "by the server (remote code execution) or an HTML/SVG file runs scripts on the site's origin.",
  solution:
    'Allow only the types the feature needs (checked by content, not by name), store uploads outside the web root or ' +
    'under generated names without executable extensions, and serve them with Content-Disposition: attachment and ' +
    'X-Content-Type-Options: nosniff from a separate domain.',
  references: ['https://owasp.org/www-community/vulnerabilities/Unrestricted_File_Upload'],
  kind: 'active',
  async point(point: InsertionPoint, ctx: WebTestContext): Promise<WebFinding[]> {
    // Once per form that has a file field: at its first other field (the crawl gives no point for a file field), or
    // at the file field when the form has nothing else.
    const fileField = point.form?.fields.find((f) => f.type === 'file');
    if (!point.form || !fileField) return [];
    const first = point.form.fields.find((f) => f.type !== 'file' && f.type !== 'submit') ?? fileField;
    if (first.name !== point.name) return [];
    for (const probe of PROBES) {
      if (ctx.signal.aborted) return [];
      const m = marker();
      const f = factors();
      const filename = `${m}.${probe.ext}`;
      const p = await refreshFields(point, ctx);
      // The point's own field keeps its value: this test is about the file.
      const all: Record<string, string> = { ...p.fields, ...(point.name !== fileField.name ? { [point.name]: point.value } : {}) };
      const others = Object.fromEntries(Object.entries(all).filter(([k]) => point.form?.fields.find((x) => x.name === k)?.type !== 'file'));
      const { body, contentType } = multipart(others, {
        [fileField.name]: { filename, contentType: probe.contentType, content: probe.content(m, `${f.a}*${f.b}`) },
      });
      const up = await ctx.client.send({ method: 'POST', url: point.url, headers: { 'content-type': contentType }, body });
      if (up.status >= 400) continue;
      for (const url of candidates(point, up, filename)) {
        if (!ctx.client.inScope(url)) continue;
        const got = await ctx.client.send({ method: 'GET', url });
        if (got.status >= 400 || !got.body.includes(m)) continue;
        const type = got.headers['content-type'] ?? '';
        const attachment = /attachment/i.test(got.headers['content-disposition'] ?? '');
        let how: string | null = null;
        if (probe.kind === 'code' && got.body.includes(f.product) && !got.body.includes(`${f.a}*${f.b}`))
          how = `the server ran the uploaded .${probe.ext} file (${f.a}*${f.b} came back as ${f.product})`;
        else if (!attachment && /text\/html|image\/svg\+xml|application\/xhtml/i.test(type))
          how = `the uploaded .${probe.ext} file is served back as ${type.split(';')[0]}`;
        if (!how) break;
        return [
          {
            test: 'web-file-upload',
            url: point.url,
            method: 'POST',
            parameter: fileField.name,
            location: 'multipart',
            payload: `${filename}: ${probe.content(m, `${f.a}*${f.b}`)}`,
            confidence: 'confirmed',
            evidence: {
              request: requestText(up),
              response: `GET ${url} → HTTP ${got.status} ${type}\n${excerpt(got.body, m, 200)}`,
              proof: `${filename} at ${url}`,
              how,
            },
          },
        ];
      }
    }
    return [];
  },
};
