// The technologies behind one open port, as template tags: what service identification found (service, product, CPE)
// and, on web ports, what one request for the front page shows (server and framework headers, cookies, the generator
// tag, well-known markup). Community web templates run only where one of their tags names a technology found here, as
// Nuclei's automatic scan chooses templates by the technologies Wappalyzer finds, instead of every template everywhere.
import type { PortResult } from '../types.ts';
import { sendHttp } from './http.ts';
import { variables, type CheckTarget } from './target.ts';
import type { CheckTemplate } from './types.ts';

/** Words that name a protocol or a kind of software, not a technology: no template should run because of them. */
const NOT_TECHNOLOGIES = new Set([
  'http',
  'https',
  'http-alt',
  'https-alt',
  'ssl',
  'tls',
  'server',
  'httpd',
  'web',
  'www',
  'unknown',
  'tcp',
  'udp',
]);

/** Known spellings in products and headers → the tags the template collection uses for them. */
const ALIASES: Record<string, string[]> = {
  'apache httpd': ['apache'],
  'apache-coyote': ['tomcat', 'apache'],
  'apache tomcat': ['tomcat', 'apache'],
  'microsoft-iis': ['iis', 'microsoft'],
  'microsoft iis httpd': ['iis', 'microsoft'],
  'asp.net': ['aspnet', 'asp', 'microsoft'],
  'next.js': ['nextjs'],
  'node.js': ['nodejs', 'node'],
  express: ['express', 'nodejs'],
  php: ['php'],
  openssh: ['openssh'],
  'exim smtpd': ['exim'],
  'postfix smtpd': ['postfix'],
  'dovecot imapd': ['dovecot'],
  'dovecot pop3d': ['dovecot'],
  werkzeug: ['werkzeug', 'flask', 'python'],
  gunicorn: ['gunicorn', 'python'],
  jetty: ['jetty', 'java'],
  openresty: ['openresty', 'nginx'],
  mysql: ['mysql'],
  mariadb: ['mariadb', 'mysql'],
};

/** Markers in a front page's headers and body, and the tags they stand for. */
const WEB_MARKERS: { where: 'header' | 'body' | 'cookie'; re: RegExp; tags: string[] }[] = [
  { where: 'cookie', re: /^PHPSESSID$/i, tags: ['php'] },
  { where: 'cookie', re: /^JSESSIONID$/i, tags: ['java', 'tomcat'] },
  { where: 'cookie', re: /^laravel_session$/i, tags: ['laravel', 'php'] },
  { where: 'cookie', re: /^ci_session$/i, tags: ['codeigniter', 'php'] },
  { where: 'cookie', re: /^wordpress_|^wp-settings/i, tags: ['wordpress', 'wp', 'php'] },
  { where: 'cookie', re: /^csrftoken$|^sessionid$/i, tags: ['django', 'python'] },
  { where: 'cookie', re: /^ASP\.NET_SessionId$/i, tags: ['aspnet', 'microsoft'] },
  { where: 'header', re: /^x-jenkins:/im, tags: ['jenkins'] },
  { where: 'header', re: /^x-drupal-/im, tags: ['drupal'] },
  { where: 'header', re: /^x-generator:\s*drupal/im, tags: ['drupal'] },
  { where: 'header', re: /^x-aspnet-version:/im, tags: ['aspnet', 'microsoft'] },
  { where: 'header', re: /^x-grafana-/im, tags: ['grafana'] },
  { where: 'header', re: /^x-gitlab-/im, tags: ['gitlab'] },
  { where: 'header', re: /^x-confluence-/im, tags: ['confluence', 'atlassian'] },
  { where: 'header', re: /^x-arequestid:/im, tags: ['jira', 'atlassian'] },
  { where: 'body', re: /\/wp-(?:content|includes)\//i, tags: ['wordpress', 'wp'] },
  { where: 'body', re: /\/sites\/(?:default|all)\/(?:files|modules|themes)\/|Drupal\.settings/i, tags: ['drupal'] },
  { where: 'body', re: /\/media\/jui\/|\/media\/system\/js\/|joomla/i, tags: ['joomla'] },
  { where: 'body', re: /phpMyAdmin/i, tags: ['phpmyadmin'] },
  { where: 'body', re: /grafana-app|<title>Grafana<\/title>/i, tags: ['grafana'] },
  { where: 'body', re: /<title>Kibana<\/title>|kbn-injected-metadata/i, tags: ['kibana'] },
  { where: 'body', re: /gitlab-logo|content="GitLab"/i, tags: ['gitlab'] },
  { where: 'body', re: /Roundcube Webmail|rcmloginuser/i, tags: ['roundcube'] },
  { where: 'body', re: /swagger-ui/i, tags: ['swagger'] },
  { where: 'body', re: /\/_next\/static\//i, tags: ['nextjs'] },
  { where: 'body', re: /Powered by Jenkins|jenkins-head-icon/i, tags: ['jenkins'] },
  { where: 'body', re: /\/zabbix\.php|Zabbix SIA/i, tags: ['zabbix'] },
  { where: 'body', re: /MediaWiki/, tags: ['mediawiki'] },
  { where: 'body', re: /Apache Tomcat/i, tags: ['tomcat', 'apache'] },
  { where: 'body', re: /<title>Apache2 Debian Default Page|<title>Apache2 Ubuntu Default Page/i, tags: ['apache', 'debian'] },
  { where: 'body', re: /<title>Welcome to nginx!<\/title>/i, tags: ['nginx'] },
  { where: 'body', re: /lighttpd/i, tags: ['lighttpd'] },
];

/** The tags a product or header value stands for: its known aliases, else its words (lower case, as tags are). */
function tagsOf(text: string): string[] {
  const lower = text.toLowerCase().trim();
  if (!lower) return [];
  const out = new Set<string>(ALIASES[lower] ?? []);
  for (const [name, tags] of Object.entries(ALIASES))
    if (lower.startsWith(`${name}/`) || lower.startsWith(`${name} `)) tags.forEach((t) => out.add(t));
  // "nginx/1.22.1", "Apache/2.4.62 (Debian)", "OpenSSH": the product name, then its first word.
  const name = lower.split(/[/\s(;,]/)[0];
  if (name) out.add(name);
  // "Apache httpd" → apache-httpd; not "nginx/1.22.1" (versions are no tags).
  if (/^[a-z][a-z0-9.\s-]*$/.test(lower)) out.add(lower.replace(/\s+/g, '-'));
  return [...out].filter((t) => t && !NOT_TECHNOLOGIES.has(t));
}

/**
 * What identification says: the service (where it names a technology; not with `productsOnly`), the product and the
 * CPE's product. Not the CPE's vendor: nginx's is f5, which would run every F5 BIG-IP template on every nginx.
 */
export function portTechnologies(p: PortResult, productsOnly = false): Set<string> {
  const out = new Set<string>();
  const s = p.service;
  if (!s) return out;
  if (!productsOnly) for (const t of tagsOf(s.name)) out.add(t);
  if (s.product) for (const t of tagsOf(s.product)) out.add(t);
  for (const cpe of s.cpe) {
    // cpe:2.3:a:<vendor>:<product>:…
    const product = cpe.split(':')[4];
    if (product && product !== '*') for (const x of tagsOf(product.replace(/_/g, '-'))) out.add(x);
  }
  const server = s.extra?.server;
  if (typeof server === 'string') for (const t of tagsOf(server)) out.add(t);
  return out;
}

/** One request for the front page (one same-host redirect followed); its markers as tags. Nothing when it fails. */
export async function detectWebTechnologies(target: CheckTarget): Promise<Set<string>> {
  const out = new Set<string>();
  let url = new URL(`${variables(target).BaseURL}/`);
  for (let hop = 0; hop < 2; hop++) {
    let res;
    try {
      res = await sendHttp(target, 'GET', url, {}, '', Math.min(target.timeoutMs, 5000));
    } catch {
      return out;
    }
    let headers = '';
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      const [k, v] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
      headers += `${k}: ${v}\n`;
      const key = k.toLowerCase();
      if (key === 'server' || key === 'x-powered-by')
        for (const part of v.split(/,\s*|\s+(?=[A-Za-z-]+\/)/)) for (const t of tagsOf(part)) out.add(t);
      if (key === 'set-cookie') {
        const name = /^\s*([^=;\s]+)=/.exec(v)?.[1] ?? '';
        for (const m of WEB_MARKERS) if (m.where === 'cookie' && m.re.test(name)) m.tags.forEach((t) => out.add(t));
      }
    }
    for (const m of WEB_MARKERS) {
      if (m.where === 'header' && m.re.test(headers)) m.tags.forEach((t) => out.add(t));
      if (m.where === 'body' && m.re.test(res.body)) m.tags.forEach((t) => out.add(t));
    }
    const generator = /<meta[^>]+name=["']generator["'][^>]+content=["']([^"']+)["']/i.exec(res.body)?.[1];
    if (generator) for (const t of tagsOf(generator)) out.add(t);
    if (!res.location || res.status < 300 || res.status >= 400) break;
    try {
      const next = new URL(res.location, url);
      if (next.host !== url.host) break;
      url = next;
    } catch {
      break;
    }
  }
  return out;
}

/** Whether the template runs only where its technology was found: a community web template not asked for by name. */
export function needsTechnologies(t: CheckTemplate, named: ReadonlySet<string> | undefined): boolean {
  return t.source === 'community' && t.http.length > 0 && !named?.has(t.id);
}

/**
 * Whether a community network template only detects a product (tagged detect) that identification already told apart:
 * such a template runs only when one of its tags names the product found. It runs where no product is known, since
 * it may be what tells it. (Six FTP detection templates for other products wait five seconds each on a vsftpd.)
 * `products` gives the port's products (portTechnologies with productsOnly), worked out once per port by the caller.
 */
export function redundantDetection(t: CheckTemplate, products: () => ReadonlySet<string>, named: ReadonlySet<string> | undefined): boolean {
  if (t.source !== 'community' || t.network.length === 0 || named?.has(t.id)) return false;
  if (!t.info.tags.some((g) => g === 'detect' || g === 'detection')) return false;
  const found = products();
  return found.size > 0 && !matchesTechnologies(t, found);
}

/** Whether one of the template's tags names one of the technologies. */
export function matchesTechnologies(t: CheckTemplate, technologies: ReadonlySet<string>): boolean {
  return t.info.tags.some((tag) => technologies.has(tag.toLowerCase()));
}
