// A site without injection flaws for the false-positive tests: many pages, forms and parameters that all handle their
// input safely (escaped, validated, whitelisted, parsed), plus bait that fools careless scanners: a page that always
// shows a SQL error and /etc/passwd lines whatever it is asked, a page whose body changes on every request, a value
// reflected escaped inside a script string and an attribute, redirects only to local paths, an upload that stores
// nothing. Any injection, XSS, traversal or upload finding a scan reports on it is false.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface SafeSite {
  url: string;
  close(): Promise<void>;
  /** Requests the site answered. */
  requests(): number;
}

const esc = (s: string) => s.replace(/[&<>"'`=/]/g, (c) => `&#${c.charCodeAt(0)};`);

// JSON.stringify keeps quotes safe inside a script; < is escaped too so "</script>" cannot close the block.
const jsString = (s: string) => JSON.stringify(s).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

const PRODUCTS = 40;
const DOCS = ['intro', 'install', 'usage', 'faq'];

function layout(title: string, body: string): string {
  const nav = [
    '<a href="/">Home</a>',
    '<a href="/products">Products</a>',
    '<a href="/search?q=lamp">Search</a>',
    '<a href="/contact">Contact</a>',
    '<a href="/docs?file=intro">Docs</a>',
    '<a href="/articles/sql-errors?page=1">Article</a>',
    '<a href="/news?id=1">News</a>',
    '<a href="/upload">Upload</a>',
    '<a href="/go?to=/products">Go</a>',
    '<a href="/logout">Sign out</a>',
  ].join(' | ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><nav>${nav}</nav><h1>${esc(title)}</h1>${body}<script src="/app.js"></script></body></html>`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) break; // a bounded read: the site has no use for large bodies
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function route(method: string, url: URL, body: string): { status: number; type: string; body: string; headers?: Record<string, string> } {
  const html = (title: string, content: string) => ({ status: 200, type: 'text/html; charset=utf-8', body: layout(title, content) });
  const q = url.searchParams;
  const form = new URLSearchParams(body);
  const p = url.pathname;

  if (p === '/')
    return html('Lamp shop', `<p>Welcome.</p><form action="/search" method="get"><input name="q" value=""><button>Find</button></form>`);
  if (p === '/app.js') return { status: 200, type: 'application/javascript', body: 'document.title = document.title.trim();\n' };
  if (p === '/robots.txt') return { status: 200, type: 'text/plain', body: 'User-agent: *\nDisallow: /private-notes\n' };
  if (p === '/products') {
    // Sorting and paging variants of one list: same page, different order.
    const sort = q.get('sort') === 'price' ? 'price' : 'name';
    const page = Math.max(1, Math.min(4, Number.parseInt(q.get('page') ?? '1', 10) || 1));
    const items = Array.from({ length: 10 }, (_, i) => (page - 1) * 10 + i + 1)
      .map((n) => `<li><a href="/products/${n}">Lamp ${n}</a></li>`)
      .join('');
    const pager = [1, 2, 3, 4].map((n) => `<a href="/products?page=${n}&sort=${sort}">${n}</a>`).join(' ');
    return html('Products', `<p>Sorted by ${sort}</p><ul>${items}</ul>${pager} <a href="/products?sort=price">by price</a>`);
  }
  const product = /^\/products\/(\d+)$/.exec(p);
  if (product) {
    const n = Number(product[1]);
    if (n < 1 || n > PRODUCTS) return { status: 404, type: 'text/html', body: layout('Not found', '<p>No such lamp.</p>') };
    const next = n < PRODUCTS ? `<a href="/products/${n + 1}">next</a>` : '';
    return html(
      `Lamp ${n}`,
      `<p>A fine lamp.</p>${next}<form action="/cart/add" method="post"><input type="hidden" name="csrf" value="tok-${n}"><input type="hidden" name="product" value="${n}"><input name="qty" value="1"><button>Add</button></form>`,
    );
  }
  if (p === '/cart/add' && method === 'POST') {
    const qty = Math.max(0, Math.min(99, Number.parseInt(form.get('qty') ?? '1', 10) || 0));
    const n = Number.parseInt(form.get('product') ?? '', 10);
    if (!(n >= 1 && n <= PRODUCTS)) return { status: 400, type: 'text/html', body: layout('Bad request', '<p>Unknown product.</p>') };
    return html('Cart', `<p>Added ${qty} of lamp ${n}.</p>`);
  }
  if (p === '/search') {
    const term = q.get('q') ?? '';
    return html(
      'Search',
      `<form action="/search" method="get"><input name="q" value="${esc(term)}"><button>Find</button></form><p>No results for ${esc(term)}.</p><script>var lastSearch = ${jsString(term)};</script>`,
    );
  }
  if (p === '/contact') {
    if (method === 'POST') {
      const name = form.get('name') ?? '';
      const message = form.get('message') ?? '';
      return html('Thanks', `<p>Thank you, ${esc(name)}. We received: <pre>${esc(message)}</pre></p>`);
    }
    return html(
      'Contact',
      `<form action="/contact" method="post"><input type="hidden" name="csrf_token" value="${randomBytes(8).toString('hex')}"><input name="name"><input type="email" name="email"><textarea name="message"></textarea><select name="topic"><option>sales</option><option>support</option></select><button>Send</button></form>`,
    );
  }
  if (p === '/docs') {
    // A whitelist, never a path: traversal payloads get the index.
    const file = q.get('file') ?? '';
    const doc = DOCS.includes(file) ? file : 'intro';
    return html(`Docs: ${doc}`, `<p>This is the ${doc} page.</p>${DOCS.map((d) => `<a href="/docs?file=${d}">${d}</a>`).join(' ')}`);
  }
  if (p === '/articles/sql-errors') {
    // Bait: the article quotes database errors and a passwd file whatever the parameter says.
    const page = Number.parseInt(q.get('page') ?? '1', 10) === 2 ? 2 : 1;
    return html(
      'Reading database errors',
      `<p>Page ${page}. A message like <code>You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version</code> or <code>pg_query(): Query failed: ERROR: syntax error at or near</code> or <code>ORA-01756: quoted string not properly terminated</code> means the query was built from input.</p><pre>root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin</pre><p>[boot loader]</p><a href="/articles/sql-errors?page=2">page 2</a>`,
    );
  }
  if (p === '/news') {
    // The id is parsed as a number; the page carries a random token so its body differs on every request.
    const id = Number.parseInt(q.get('id') ?? '1', 10);
    const known = id >= 1 && id <= 3;
    return html(
      'News',
      `<p>${known ? `Story ${id}` : 'No such story'}</p><p>Visitor token ${randomBytes(6).toString('hex')}</p><a href="/news?id=2">2</a> <a href="/news?id=3">3</a>`,
    );
  }
  if (p === '/api/items') {
    const id = Number.parseInt(q.get('id') ?? '', 10);
    const body = Number.isInteger(id) && id >= 1 && id <= PRODUCTS ? { id, name: `Lamp ${id}` } : { error: 'not found' };
    return { status: Number.isInteger(id) && id >= 1 && id <= PRODUCTS ? 200 : 404, type: 'application/json', body: JSON.stringify(body) };
  }
  if (p === '/go') {
    // Only local paths: anything else goes home.
    const to = q.get('to') ?? '/';
    const safe = /^\/(?![/\\])[A-Za-z0-9/_-]*$/.test(to) ? to : '/';
    return { status: 302, type: 'text/plain', body: '', headers: { location: safe } };
  }
  if (p === '/upload') {
    if (method === 'POST') return html('Upload', '<p>Thank you. Files are reviewed by hand and never published.</p>');
    return html(
      'Upload',
      `<form action="/upload" method="post" enctype="multipart/form-data"><input type="hidden" name="csrf" value="up-1"><input type="file" name="file"><button>Send</button></form>`,
    );
  }
  if (p === '/profile') {
    const theme = q.get('theme') === 'dark' ? 'dark' : 'light';
    const lang = q.get('lang') ?? 'en';
    return html('Profile', `<div class="${theme}" data-lang="${esc(lang)}"><a href="/profile?theme=dark&lang=en">dark</a></div>`);
  }
  if (p === '/logout') return html('Signed out', '<p>Bye.</p>');
  return {
    status: 404,
    type: 'text/html; charset=utf-8',
    body: layout('Not found', '<p>Nothing here. <a href="/profile?theme=light&lang=en">Profile</a></p>'),
  };
}

export async function startSafeSite(host = '127.0.0.1'): Promise<SafeSite> {
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://site');
      const body = await readBody(req);
      const out = route(req.method ?? 'GET', url, body);
      res.writeHead(out.status, {
        'content-type': out.type,
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'set-cookie': 'sid=fixed-session; Path=/; HttpOnly; SameSite=Strict',
        ...out.headers,
      });
      res.end(method(req) === 'HEAD' ? undefined : out.body);
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const method = (req: http.IncomingMessage) => req.method ?? 'GET';
