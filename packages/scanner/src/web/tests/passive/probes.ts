// Site and page tests that ask a few fixed questions: version-control and environment files (.git, .svn, .env),
// backups and editor files of the crawled files (compared with the site's answer to a random name, so a soft 404 does
// not count), and JavaScript source maps (referenced or guessed, answering JSON with "sources").
import type { CrawledPage, WebFinding, WebResponse, WebTest, WebTestContext } from '../../types.ts';
import { finding, isHtml, isJavaScript, memory, once, originOf, randomName, scriptSources } from './support.ts';

/** Sends a GET and returns null on a network error (a test that cannot ask, reports nothing). */
async function get(ctx: WebTestContext, url: string): Promise<WebResponse | null> {
  if (ctx.signal.aborted || !ctx.client.inScope(url)) return null;
  try {
    return await ctx.client.send({ method: 'GET', url });
  } catch {
    return null;
  }
}

const VCS_FILES: { path: string; label: string; proves(body: string): boolean }[] = [
  { path: '.git/HEAD', label: 'Git repository', proves: (b) => /^(ref: refs\/[\w./-]+|[0-9a-f]{40})\s*$/.test(b) },
  { path: '.git/config', label: 'Git repository', proves: (b) => /^\s*\[core\]/m.test(b) && /repositoryformatversion/.test(b) },
  { path: '.svn/entries', label: 'Subversion working copy', proves: (b) => /^\d+\s*\n/.test(b) || /<wc-entries/.test(b) },
  { path: '.svn/wc.db', label: 'Subversion working copy', proves: (b) => b.startsWith('SQLite format 3') },
  { path: '.hg/hgrc', label: 'Mercurial repository', proves: (b) => /^\s*\[paths\]/m.test(b) },
  {
    path: '.env',
    label: 'environment file',
    // At least two KEY=value lines, one of them a known setting: not an HTML page, not a random text.
    proves: (b) =>
      !/<html|<body/i.test(b) &&
      (b.match(/^[A-Z][A-Z0-9_]{1,60}=.*$/gm)?.length ?? 0) >= 2 &&
      /^(APP_KEY|APP_ENV|DB_(PASSWORD|HOST|USERNAME|DATABASE)|DATABASE_URL|SECRET_KEY|AWS_[A-Z_]+|MAIL_PASSWORD|REDIS_PASSWORD|[A-Z_]*(SECRET|PASSWORD|TOKEN|API_KEY))=/m.test(
        b,
      ),
  },
  { path: '.DS_Store', label: 'macOS folder index (.DS_Store)', proves: (b) => b.startsWith('\u0000\u0000\u0000\u0001Bud1') },
];

export const vcsExposure: WebTest = {
  id: 'web-vcs-exposure',
  name: 'Version-control or environment file exposed',
  category: 'information-disclosure',
  severity: 3,
  cwe: ['CWE-527', 'CWE-538'],
  owasp: 'A05:2021',
  description:
    'The site serves files of its .git or .svn directory, its .env file or a .DS_Store: the source code, its history and often credentials can be downloaded.',
  solution: 'Do not deploy version-control directories or .env files into the web root, or deny paths starting with a dot in the server.',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/04-Review_Old_Backup_and_Unreferenced_Files_for_Sensitive_Information',
  ],
  kind: 'active',
  async site(origin, ctx) {
    // The site root and the start URL's directory (an application under /app/ has its .git there).
    const bases = new Set([`${origin}/`]);
    const start = new URL(ctx.spec.target);
    if (start.origin === origin) bases.add(`${origin}${start.pathname.replace(/[^/]*$/, '')}`);
    const out: WebFinding[] = [];
    for (const base of bases)
      for (const f of VCS_FILES) {
        const res = await get(ctx, base + f.path);
        if (!res || res.status !== 200 || !f.proves(res.body)) continue;
        if (!once(ctx, `web-vcs-exposure ${base} ${f.label}`)) continue;
        out.push(
          finding({
            test: 'web-vcs-exposure',
            res,
            needle: res.body.slice(0, 40),
            name: `${f.label[0]!.toUpperCase()}${f.label.slice(1)} exposed`,
            severity: f.path === '.DS_Store' ? 1 : 3,
            proof: `${new URL(res.url).pathname}: ${f.label}`,
            how: 'the file’s own format',
            // An .env file's values are secrets: only the names are kept.
            ...(f.path === '.env' ? { maskResponse: (t: string) => t.replace(/^([A-Z][A-Z0-9_]*=).+$/gm, '$1••••') } : {}),
          }),
        );
      }
    return out;
  },
};

/** File types whose backup shows server-side source code (rather than a copy of a public file). */
const SERVER_SIDE = /\.(php\d?|phtml|inc|asp|aspx|ashx|asmx|jsp|jspx|do|cfm|cgi|pl|py|rb|config|conf|ini|yml|yaml|xml|json|sql|sh)$/i;

/** The backups editors, tools and people leave next to a file, with the suffix a random name gets to compare. */
function backupNames(file: string): { name: string; suffix: string }[] {
  const ext = /\.[^.]+$/.exec(file)?.[0] ?? '';
  const stem = file.slice(0, file.length - ext.length);
  const names = ['.bak', '~', '.old', '.orig', '.save'].map((s) => ({ name: `${file}${s}`, suffix: `${ext}${s}` }));
  names.push({ name: `.${file}.swp`, suffix: `${ext}.swp` });
  if (ext) names.push({ name: `${stem}.bak`, suffix: '.bak' });
  return names;
}

/** Same answer: equal after the requested names are taken out, or of nearly the same length with the same start. */
function sameAnswer(a: WebResponse, b: WebResponse): boolean {
  if (a.status !== b.status) return false;
  const strip = (r: WebResponse): string =>
    r.body.split(new URL(r.url).pathname).join('').split(new URL(r.url).pathname.replace(/^.*\//, '')).join('');
  const x = strip(a);
  const y = strip(b);
  if (x === y) return true;
  const longer = Math.max(x.length, y.length);
  return Math.abs(x.length - y.length) <= longer * 0.05 + 20 && x.slice(0, 300) === y.slice(0, 300);
}

const MAX_BACKUP_FILES = 60;

export const backupFiles: WebTest = {
  id: 'web-backup-file',
  name: 'Backup or editor file exposed',
  category: 'information-disclosure',
  severity: 3,
  cwe: ['CWE-530'],
  owasp: 'A05:2021',
  description:
    'A backup or editor copy of a file (.bak, ~, .swp, .old, .orig, .save, a zip of the directory) can be downloaded; for scripts it shows their source code.',
  solution: 'Remove backups and editor files from the web root and deny such names in the server configuration.',
  references: ['https://cwe.mitre.org/data/definitions/530.html'],
  kind: 'active',
  async site(origin, ctx) {
    const files = new Map<string, string>(); // URL without query → its directory
    const dirs = new Set<string>();
    for (const e of ctx.sitemap()) {
      const u = new URL(e.url);
      if (u.origin !== origin || e.status !== 200) continue;
      const dir = u.pathname.replace(/[^/]*$/, '');
      if (dir !== '/') dirs.add(dir);
      if (/\/[^/]+\.[A-Za-z0-9]{1,6}$/.test(u.pathname) && files.size < MAX_BACKUP_FILES) files.set(`${origin}${u.pathname}`, dir);
    }
    const out: WebFinding[] = [];
    // The site's answer to names that do not exist, per directory and kind of name.
    const soft = new Map<string, WebResponse | null>();
    const notFound = async (dir: string, suffix: string): Promise<WebResponse | null> => {
      const key = `${dir} ${suffix}`;
      if (!soft.has(key)) soft.set(key, await get(ctx, `${origin}${dir}${randomName()}${suffix}`));
      return soft.get(key)!;
    };
    const check = async (url: string, dir: string, suffix: string, original: WebResponse | null, severity: 2 | 3): Promise<void> => {
      const res = await get(ctx, url);
      if (!res || res.status !== 200 || !res.body) return;
      if (original && sameAnswer(res, original)) return;
      const nf = await notFound(dir, suffix);
      if (nf && nf.status === 200 && sameAnswer(res, nf)) return;
      if (!once(ctx, `web-backup-file ${url}`)) return;
      out.push(
        finding({
          test: 'web-backup-file',
          res,
          needle: res.body.slice(0, 60),
          severity,
          proof: `${new URL(url).pathname} answers 200 (${res.body.length} bytes); a random name answers ${nf ? nf.status : 'nothing'}`,
          how: 'backup name answered, unlike a random name and unlike the original file',
        }),
      );
    };
    for (const [url, dir] of files) {
      const file = url.slice(url.lastIndexOf('/') + 1);
      const original = await get(ctx, url);
      for (const { name, suffix } of backupNames(file))
        await check(`${origin}${dir}${name}`, dir, suffix, original, SERVER_SIDE.test(file) ? 3 : 2);
    }
    for (const dir of dirs) {
      const zip = `${origin}${dir.replace(/\/$/, '')}.zip`;
      const parent = dir.replace(/[^/]+\/$/, '');
      await check(zip, parent, '.zip', null, 3);
    }
    return out;
  },
};

/** The source map a script names (comment or header), or the guessed name beside it. */
function mapUrl(res: WebResponse): { url: string; referenced: boolean } {
  const header = res.headers['sourcemap'] ?? res.headers['x-sourcemap'];
  const comment = /\/[/*][#@]\s*sourceMappingURL=([^\s*]+)/.exec(res.body.slice(-2000))?.[1];
  const named = header ?? comment;
  if (named && !named.startsWith('data:')) {
    try {
      return { url: new URL(named, res.url).href, referenced: true };
    } catch {
      // Fall back to the guess.
    }
  }
  const u = new URL(res.url);
  return { url: `${u.origin}${u.pathname}.map`, referenced: false };
}

const MAX_SCRIPTS_PER_SITE = 30;

async function checkScript(script: WebResponse, ctx: WebTestContext): Promise<WebFinding[]> {
  if (/\/[/*][#@]\s*sourceMappingURL=data:/.test(script.body.slice(-2000))) return [];
  const { url, referenced } = mapUrl(script);
  if (!once(ctx, `web-source-map ${url}`)) return [];
  const res = await get(ctx, url);
  if (!res || res.status !== 200) return [];
  let sources: unknown;
  try {
    sources = (JSON.parse(res.body.replace(/^\)\]\}'[^\n]*\n/, '')) as { sources?: unknown }).sources;
  } catch {
    return [];
  }
  if (!Array.isArray(sources) || sources.length === 0) return [];
  const names = sources.filter((s): s is string => typeof s === 'string');
  return [
    finding({
      test: 'web-source-map',
      res,
      needle: '"sources"',
      proof: `${new URL(url).pathname}: ${names.length} source files (${names.slice(0, 5).join(', ')}${names.length > 5 ? ' …' : ''})`,
      how: referenced
        ? 'the script names its source map, which answers JSON with "sources"'
        : 'the guessed .map beside the script answers JSON with "sources"',
    }),
  ];
}

export const sourceMaps: WebTest = {
  id: 'web-source-map',
  name: 'JavaScript source map exposed',
  category: 'information-disclosure',
  severity: 1,
  cwe: ['CWE-540'],
  owasp: 'A05:2021',
  description: 'Source maps of the site’s scripts can be downloaded; they give the original source code, its comments and file layout.',
  solution: 'Do not deploy .map files to production, or serve them only to the team (by address or authentication).',
  references: ['https://developer.mozilla.org/en-US/docs/Tools/Debugger/How_to/Use_a_source_map'],
  kind: 'active',
  async page(page: CrawledPage, ctx) {
    const res = page.response;
    if (res.status !== 200) return [];
    const scripts: WebResponse[] = [];
    if (isJavaScript(res)) scripts.push(res);
    else if (isHtml(res)) {
      const count = memory(ctx, 'web-source-map scripts', () => new Map<string, number>());
      for (const src of scriptSources(res.body, res.url)) {
        const origin = originOf(src);
        if (!ctx.client.inScope(src) || (count.get(origin) ?? 0) >= MAX_SCRIPTS_PER_SITE) continue;
        if (!once(ctx, `web-source-map script ${src.replace(/[?#].*$/, '')}`)) continue;
        count.set(origin, (count.get(origin) ?? 0) + 1);
        const s = await get(ctx, src);
        if (s && s.status === 200 && isJavaScript(s)) scripts.push(s);
      }
    }
    const out: WebFinding[] = [];
    for (const s of scripts) out.push(...(await checkScript(s, ctx)));
    return out;
  },
};
