// Recognises the server, framework, CMS and JavaScript technologies a response shows (headers, generator tags,
// cookies, script URLs), with their versions and CPE 2.3 names so the intelligence can match CVEs on them.
import { librariesFromUrl, librariesInResponse, type DetectedLibrary } from './js-libraries.ts';
import type { Technology, WebResponse } from './types.ts';

/** A product the scan can name, its CPE vendor:product, and how its version looks in a banner. */
interface Product {
  name: string;
  /** vendor:product of the CPE 2.3 name. */
  cpe?: string;
}

/** Server and X-Powered-By banners: 'nginx/1.22.1', 'Apache/2.4.57 (Debian)', 'PHP/8.2.7', 'Express' … */
const BANNERS: { re: RegExp; product: Product }[] = [
  { re: /\bnginx(?:\/([\d.]+))?/i, product: { name: 'nginx', cpe: 'nginx:nginx' } },
  { re: /\bopenresty(?:\/([\d.]+))?/i, product: { name: 'OpenResty', cpe: 'openresty:openresty' } },
  { re: /\bApache(?:\/([\d.]+))?(?!-Coyote|\s*Tomcat)/, product: { name: 'Apache HTTP Server', cpe: 'apache:http_server' } },
  { re: /\bApache-Coyote(?:\/([\d.]+))?/i, product: { name: 'Apache Tomcat', cpe: 'apache:tomcat' } },
  { re: /\bTomcat(?:\/([\d.]+))?/i, product: { name: 'Apache Tomcat', cpe: 'apache:tomcat' } },
  { re: /\bMicrosoft-IIS(?:\/([\d.]+))?/i, product: { name: 'Microsoft IIS', cpe: 'microsoft:internet_information_services' } },
  { re: /\blighttpd(?:\/([\d.]+))?/i, product: { name: 'lighttpd', cpe: 'lighttpd:lighttpd' } },
  { re: /\bLiteSpeed(?:\/([\d.]+))?/i, product: { name: 'LiteSpeed', cpe: 'litespeedtech:litespeed_web_server' } },
  { re: /\bCaddy(?:\/([\d.]+))?/i, product: { name: 'Caddy', cpe: 'caddyserver:caddy' } },
  { re: /\bJetty(?:\(([\d.]+)[^)]*\)|\/([\d.]+))?/i, product: { name: 'Jetty', cpe: 'eclipse:jetty' } },
  { re: /\bgunicorn(?:\/([\d.]+))?/i, product: { name: 'Gunicorn', cpe: 'gunicorn:gunicorn' } },
  { re: /\bWerkzeug(?:\/([\d.]+))?/i, product: { name: 'Werkzeug', cpe: 'palletsprojects:werkzeug' } },
  { re: /\buvicorn\b/i, product: { name: 'Uvicorn', cpe: 'encode:uvicorn' } },
  { re: /\bKestrel\b/i, product: { name: 'Kestrel', cpe: 'microsoft:asp.net_core' } },
  { re: /\bPHP(?:\/([\d.]+))?/, product: { name: 'PHP', cpe: 'php:php' } },
  { re: /\bOpenSSL(?:\/([\d.]+[a-z]?))?/i, product: { name: 'OpenSSL', cpe: 'openssl:openssl' } },
  { re: /\bmod_ssl(?:\/([\d.]+))?/i, product: { name: 'mod_ssl', cpe: 'apache:mod_ssl' } },
  { re: /\bPython(?:\/([\d.]+))?/, product: { name: 'Python', cpe: 'python:python' } },
  { re: /\bExpress\b/, product: { name: 'Express', cpe: 'expressjs:express' } },
  { re: /\bNext\.js(?:\s+([\d.]+))?/i, product: { name: 'Next.js', cpe: 'vercel:next.js' } },
  { re: /\bASP\.NET\b/i, product: { name: 'ASP.NET', cpe: 'microsoft:asp.net' } },
  { re: /\bServlet(?:\/([\d.]+))?/i, product: { name: 'Java Servlet' } },
  { re: /\bPlesk\b/i, product: { name: 'Plesk', cpe: 'plesk:plesk' } },
];

/** <meta name="generator">: 'WordPress 6.4.2', 'Drupal 10 (https://www.drupal.org)', 'Joomla! - Open Source …' */
const GENERATORS: { re: RegExp; product: Product }[] = [
  { re: /^WordPress(?:\s+([\d.]+))?/i, product: { name: 'WordPress', cpe: 'wordpress:wordpress' } },
  { re: /^Drupal(?:\s+([\d.]+))?/i, product: { name: 'Drupal', cpe: 'drupal:drupal' } },
  { re: /^Joomla!?(?:\s+([\d.]+))?/i, product: { name: 'Joomla!', cpe: 'joomla:joomla\\!' } },
  { re: /^TYPO3(?:\s+CMS)?(?:\s+([\d.]+))?/i, product: { name: 'TYPO3', cpe: 'typo3:typo3' } },
  { re: /^MediaWiki(?:\s+([\d.]+))?/i, product: { name: 'MediaWiki', cpe: 'mediawiki:mediawiki' } },
  { re: /^Ghost(?:\s+([\d.]+))?/i, product: { name: 'Ghost', cpe: 'ghost:ghost' } },
  { re: /^Hugo(?:\s+([\d.]+))?/i, product: { name: 'Hugo', cpe: 'gohugo:hugo' } },
  { re: /^Jekyll(?:\s+v?([\d.]+))?/i, product: { name: 'Jekyll', cpe: 'jekyllrb:jekyll' } },
  { re: /^Gatsby(?:\s+([\d.]+))?/i, product: { name: 'Gatsby', cpe: 'gatsbyjs:gatsby' } },
  { re: /^Wix\.com/i, product: { name: 'Wix' } },
  { re: /^Squarespace/i, product: { name: 'Squarespace' } },
  { re: /^Shopify/i, product: { name: 'Shopify' } },
  { re: /^Magento(?:\s+([\d.]+))?/i, product: { name: 'Magento', cpe: 'magento:magento' } },
  { re: /^PrestaShop(?:\s+([\d.]+))?/i, product: { name: 'PrestaShop', cpe: 'prestashop:prestashop' } },
  { re: /^Plone(?:\s+([\d.]+))?/i, product: { name: 'Plone', cpe: 'plone:plone' } },
  { re: /^DokuWiki(?:\s+([\w-]+))?/i, product: { name: 'DokuWiki', cpe: 'dokuwiki:dokuwiki' } },
  {
    re: /^Concrete ?CMS(?:\s+([\d.]+))?|^concrete5(?:\s+-\s+([\d.]+))?/i,
    product: { name: 'Concrete CMS', cpe: 'concretecms:concrete_cms' },
  },
];

/** Session cookies that name their framework. */
const COOKIES: { re: RegExp; product: Product }[] = [
  { re: /^PHPSESSID$/i, product: { name: 'PHP', cpe: 'php:php' } },
  { re: /^JSESSIONID$/i, product: { name: 'Java Servlet' } },
  { re: /^ASP\.NET_SessionId$|^\.AspNetCore\./i, product: { name: 'ASP.NET', cpe: 'microsoft:asp.net' } },
  { re: /^laravel_session$|^XSRF-TOKEN$/, product: { name: 'Laravel', cpe: 'laravel:laravel' } },
  { re: /^connect\.sid$/, product: { name: 'Express', cpe: 'expressjs:express' } },
  { re: /^csrftoken$|^sessionid$/, product: { name: 'Django', cpe: 'djangoproject:django' } },
  { re: /^_rails_session$|^_session_id$/i, product: { name: 'Ruby on Rails', cpe: 'rubyonrails:rails' } },
  { re: /^wordpress_|^wp-settings-/, product: { name: 'WordPress', cpe: 'wordpress:wordpress' } },
  { re: /^ci_session$/, product: { name: 'CodeIgniter', cpe: 'codeigniter:codeigniter' } },
  { re: /^CFID$|^CFTOKEN$/, product: { name: 'Adobe ColdFusion', cpe: 'adobe:coldfusion' } },
];

/** Markers in the page: paths and attributes frameworks leave behind. */
const MARKERS: { re: RegExp; product: Product }[] = [
  { re: /\/wp-content\/|\/wp-includes\//, product: { name: 'WordPress', cpe: 'wordpress:wordpress' } },
  { re: /\/sites\/default\/files\/|Drupal\.settings|data-drupal-/, product: { name: 'Drupal', cpe: 'drupal:drupal' } },
  { re: /\/media\/jui\/|\/components\/com_/, product: { name: 'Joomla!', cpe: 'joomla:joomla\\!' } },
  { re: /<div id="__next"|\/_next\/static\//, product: { name: 'Next.js', cpe: 'vercel:next.js' } },
  { re: /<div id="__nuxt"|\/_nuxt\//, product: { name: 'Nuxt', cpe: 'nuxt:nuxt' } },
  { re: /\sng-version="([\d.]+)"/, product: { name: 'Angular', cpe: 'angular:angular' } },
  { re: /\sng-app[=\s>]/, product: { name: 'AngularJS', cpe: 'angularjs:angular.js' } },
  { re: /data-reactroot|\/static\/js\/main\.[0-9a-f]+\.js/, product: { name: 'React', cpe: 'facebook:react' } },
  { re: /\sdata-v-[0-9a-f]{8}|<div id="app" data-v-app/, product: { name: 'Vue.js', cpe: 'vuejs:vue.js' } },
  { re: /__VIEWSTATE|__EVENTVALIDATION/, product: { name: 'ASP.NET', cpe: 'microsoft:asp.net' } },
  { re: /csrfmiddlewaretoken/, product: { name: 'Django', cpe: 'djangoproject:django' } },
  { re: /<meta name="csrf-param" content="authenticity_token"/, product: { name: 'Ruby on Rails', cpe: 'rubyonrails:rails' } },
];

/** The CPE 2.3 name of an application with a version ('*' when the version is not known). */
export function cpeOf(vendorProduct: string, version?: string): string {
  const v = version ? version.replace(/[^\w.-]/g, '') : '*';
  return `cpe:2.3:a:${vendorProduct}:${v || '*'}:*:*:*:*:*:*:*`;
}

function tech(product: Product, version: string | undefined, evidence: string): Technology {
  return {
    name: product.name,
    ...(version ? { version } : {}),
    ...(product.cpe ? { cpe: cpeOf(product.cpe, version) } : {}),
    evidence: evidence.slice(0, 200),
  };
}

/** Reads the banner headers (Server, X-Powered-By …) into technologies. */
export function bannerTechnologies(header: string, value: string): Technology[] {
  const out: Technology[] = [];
  for (const b of BANNERS) {
    const m = b.re.exec(value);
    if (m)
      out.push(
        tech(
          b.product,
          m.slice(1).find((g) => g !== undefined),
          `${header}: ${value}`,
        ),
      );
  }
  return out;
}

/** The technologies one response shows (the engine collects them over the whole scan, keeping one per name). */
export function detectTechnologies(res: WebResponse): Technology[] {
  const found: Technology[] = [];
  for (const h of ['server', 'x-powered-by', 'x-server', 'via']) {
    const v = res.headers[h];
    if (v) found.push(...bannerTechnologies(h, v));
  }
  const aspnet = res.headers['x-aspnet-version'];
  if (aspnet) found.push(tech({ name: 'ASP.NET', cpe: 'microsoft:asp.net' }, aspnet.trim(), `x-aspnet-version: ${aspnet}`));
  const mvc = res.headers['x-aspnetmvc-version'];
  if (mvc)
    found.push(tech({ name: 'ASP.NET MVC', cpe: 'microsoft:asp.net_model_view_controller' }, mvc.trim(), `x-aspnetmvc-version: ${mvc}`));
  const generatorHeader = res.headers['x-generator'];
  const generators = generatorHeader ? [generatorHeader] : [];
  if (res.headers['x-drupal-cache'] || res.headers['x-drupal-dynamic-cache'])
    found.push(tech({ name: 'Drupal', cpe: 'drupal:drupal' }, undefined, 'x-drupal-cache header'));
  for (const c of (res.headers['set-cookie'] ?? '').split('\n')) {
    const name = c.split('=')[0]?.trim() ?? '';
    const hit = name ? COOKIES.find((k) => k.re.test(name)) : undefined;
    if (hit) found.push(tech(hit.product, undefined, `set-cookie: ${name}`));
  }
  const ct = res.headers['content-type'] ?? '';
  if (/html/i.test(ct) || (!ct && /<html/i.test(res.body.slice(0, 500)))) {
    const head = res.body.slice(0, 200_000);
    for (const m of head.matchAll(/<meta\b[^>]*name\s*=\s*["']generator["'][^>]*>/gi)) {
      const c = /content\s*=\s*["']([^"']+)/i.exec(m[0]);
      if (c) generators.push(c[1]!);
    }
    for (const k of MARKERS) {
      const m = k.re.exec(head);
      if (m) found.push(tech(k.product, m[1], m[0]));
    }
  }
  // JavaScript libraries: from the script URLs of a page, and from a script's own URL and content.
  const libs: DetectedLibrary[] = [];
  if (/html/i.test(ct)) {
    for (const m of res.body.matchAll(/<script\b[^>]*\ssrc\s*=\s*["']?([^"'\s>]+)/gi)) {
      try {
        libs.push(...librariesFromUrl(new URL(m[1]!, res.url).href));
      } catch {
        // Not a URL.
      }
    }
  } else if (/javascript|ecmascript/i.test(ct)) libs.push(...librariesFromUrl(res.url), ...librariesInResponse(res));
  for (const l of libs) found.push({ name: l.name, version: l.version, ...(l.cpe ? { cpe: l.cpe } : {}), evidence: l.evidence });
  for (const g of generators) {
    const hit = GENERATORS.find((k) => k.re.test(g.trim()));
    if (!hit) continue;
    const m = hit.re.exec(g.trim())!;
    found.push(
      tech(
        hit.product,
        m.slice(1).find((x) => x !== undefined),
        `generator: ${g}`,
      ),
    );
  }
  return merge(found);
}

/** One entry per name, the one with a version kept. */
function merge(list: Technology[]): Technology[] {
  const by = new Map<string, Technology>();
  for (const t of list) {
    const had = by.get(t.name);
    if (!had || (!had.version && t.version)) by.set(t.name, t);
  }
  return [...by.values()];
}
