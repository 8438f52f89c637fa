// Signs in to the application, each kind its own way: a form login (the form found on the login page, its hidden
// fields and anti-CSRF token kept, the credentials put in the user and password fields), HTTP basic and digest, headers
// (bearer tokens, API keys, cookies), or a recorded browser login replayed in the headless browser. Each answers
// whether the session now holds, judged by the indicators the profile gives.
import { LoginPages } from './login-pages.ts';
import type { ScanHttpClient } from '../http.ts';
import type { WebBrowserSession } from '../browser.ts';
import type { FormField, WebAuthSpec, WebResponse } from '../types.ts';
import { parseHtml } from '../crawl/html.ts';
import { DigestAuth, parseDigestChallenges } from './digest.ts';

export interface LoginOutcome {
  ok: boolean;
  /** Why it failed, in words for the scan's errors. */
  message: string;
  /** The page the login landed on (the default session check page). */
  landing?: string;
  /** The URL the login form posts to (never crawled or tested: that could end the session). */
  action?: string;
}

export interface LoginContext {
  client: ScanHttpClient;
  /** The profile's own headers (sent with every request): the login does not replace them. */
  profileHeaders?: Record<string, string>;
  target: string;
  browser?(): Promise<WebBrowserSession | { unavailable: string }>;
  signal: AbortSignal;
}

const MAX_REDIRECTS = 8;

/** Follows the redirects of `res` (GET, in scope) and answers the last response and the Set-Cookie lines seen. */
export async function followRedirects(client: ScanHttpClient, res: WebResponse): Promise<{ res: WebResponse; cookies: boolean }> {
  let cookies = Boolean(res.headers['set-cookie']);
  for (let i = 0; i < MAX_REDIRECTS && res.status >= 300 && res.status < 400 && res.headers.location; i++) {
    const next = new URL(res.headers.location, res.url).href;
    if (!client.inScope(next) && new URL(next).host !== new URL(res.url).host) break;
    res = await client.send({ method: 'GET', url: next, outOfScope: true });
    cookies ||= Boolean(res.headers['set-cookie']);
  }
  return { res, cookies };
}

/** Whether `res` shows a signed-in session by the auth's indicators (a redirect to the login page never does). */
export function looksSignedIn(auth: WebAuthSpec, res: WebResponse, loginPages: Pick<LoginPages, 'has'>): boolean {
  if (auth.kind === 'basic' || auth.kind === 'digest') return res.status !== 401;
  if (res.status === 401) return false;
  if (res.status >= 300 && res.status < 400 && res.headers.location) {
    if (loginPages.has(new URL(res.headers.location, res.url).href)) return false;
  }
  if ('loggedInIndicator' in auth && auth.loggedInIndicator) return new RegExp(auth.loggedInIndicator, 'i').test(res.body);
  if ('loggedOutIndicator' in auth && auth.loggedOutIndicator) return !new RegExp(auth.loggedOutIndicator, 'i').test(res.body);
  // Without indicators: a page asking for a password is the login page again.
  return !/<input[^>]+type\s*=\s*["']?password/i.test(res.body) && res.status < 400;
}

export async function login(auth: WebAuthSpec, ctx: LoginContext): Promise<LoginOutcome> {
  const { client } = ctx;
  switch (auth.kind) {
    case 'form':
      return formLogin(auth, ctx);
    case 'basic': {
      client.sessionHeaders.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
      const res = await client.send({ method: 'GET', url: ctx.target });
      return res.status === 401
        ? { ok: false, message: `HTTP basic authentication was refused (401) at ${ctx.target}` }
        : { ok: true, message: 'signed in', landing: ctx.target };
    }
    case 'digest': {
      client.authorize = undefined;
      const first = await client.send({ method: 'GET', url: ctx.target });
      const challenge = parseDigestChallenges(first.headers['www-authenticate'])[0];
      if (first.status !== 401 || !challenge)
        return first.status === 401
          ? { ok: false, message: `No usable HTTP digest challenge (MD5 or SHA-256) at ${ctx.target}` }
          : { ok: true, message: 'no authentication asked', landing: ctx.target };
      const digest = new DigestAuth(challenge, auth.username, auth.password);
      client.authorize = (method, url) => digest.authorization(method, url);
      const res = await client.send({ method: 'GET', url: ctx.target });
      return res.status === 401
        ? { ok: false, message: `HTTP digest authentication was refused (401) at ${ctx.target}` }
        : { ok: true, message: 'signed in', landing: ctx.target };
    }
    case 'headers': {
      for (const [k, v] of Object.entries(auth.headers)) {
        // A Cookie header goes into the jar, which writes the request's Cookie line (the app may add its own).
        if (k.toLowerCase() === 'cookie') {
          for (const pair of v.split(';')) {
            const eq = pair.indexOf('=');
            if (eq > 0) client.cookies.put(ctx.target, pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
          }
        } else client.sessionHeaders[k] = v;
      }
      const url = auth.checkUrl ?? ctx.target;
      const res = await client.send({ method: 'GET', url, outOfScope: true });
      const ok = auth.loggedInIndicator ? looksSignedIn(auth, res, new Set()) : res.status !== 401 && res.status !== 403;
      return ok
        ? { ok, message: 'signed in', landing: url }
        : {
            ok,
            message: `The authentication headers did not sign in: ${url} answered ${res.status}${auth.loggedInIndicator ? ' without the signed-in indicator' : ''}`,
          };
    }
    case 'recorded': {
      const browser = ctx.browser ? await ctx.browser() : { unavailable: 'no browser' };
      if ('unavailable' in browser) return { ok: false, message: `The recorded login needs the headless browser: ${browser.unavailable}` };
      const { cookies, storage, bearer } = await browser.replayLogin(auth.steps, ctx.signal);
      client.browserStorage = storage;
      // The token the application's scripts sent is its API session: the HTTP crawl and the tests send it as they did,
      // unless the profile gives an Authorization header of its own.
      if (bearer && !hasHeader(ctx.profileHeaders, 'authorization')) client.sessionHeaders.authorization = `Bearer ${bearer}`;
      for (const c of cookies) {
        const base = new URL(ctx.target);
        const domain = c.domain.replace(/^\./, '') || base.hostname;
        client.cookies.put(`${base.protocol}//${domain}${base.port ? `:${base.port}` : ''}/`, c.name, c.value);
      }
      const url = auth.checkUrl ?? ctx.target;
      const res = await client.send({ method: 'GET', url, outOfScope: true });
      return looksSignedIn(auth, res, new Set())
        ? { ok: true, message: 'signed in', landing: url }
        : { ok: false, message: `The recorded login did not sign in (checked on ${url})` };
    }
  }
}

function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return Object.keys(headers ?? {}).some((k) => k.toLowerCase() === name);
}

async function formLogin(auth: Extract<WebAuthSpec, { kind: 'form' }>, ctx: LoginContext): Promise<LoginOutcome> {
  const { client } = ctx;
  const page = (await followRedirects(client, await client.send({ method: 'GET', url: auth.loginUrl, outOfScope: true }))).res;
  const forms = parseHtml(page.body, page.url).forms;
  const form = forms.find((f) => f.fields.some((x) => x.type === 'password' || x.name === auth.passwordField));
  const fields: FormField[] = form ? form.fields.map((f) => ({ ...f })) : [];
  const action = form?.action ?? auth.loginUrl;
  const pwIndex = fields.findIndex((f) => (auth.passwordField ? f.name === auth.passwordField : f.type === 'password'));
  const passwordField = auth.passwordField ?? fields[pwIndex]?.name ?? 'password';
  const before = fields.slice(0, pwIndex < 0 ? fields.length : pwIndex);
  const userCandidate =
    [...before].reverse().find((f) => /^(text|email|tel)$/.test(f.type)) ?? fields.find((f) => /^(text|email)$/.test(f.type));
  const usernameField = auth.usernameField ?? userCandidate?.name ?? 'username';
  const params = new URLSearchParams();
  for (const f of fields) {
    if (f.name === usernameField || f.name === passwordField) continue;
    // An unticked box is not sent by a browser; "remember me" is ticked so the session lasts.
    if (f.type === 'checkbox' && !/remember/i.test(f.name)) continue;
    params.append(f.name, f.value);
  }
  params.set(usernameField, auth.username);
  params.set(passwordField, auth.password);
  for (const [k, v] of Object.entries(auth.extraFields ?? {})) params.set(k, v);
  const method = form?.method ?? 'POST';
  const body = params.toString();
  const posted = await client.send(
    method === 'GET'
      ? { method, url: `${action.split('?')[0]}?${body}`, outOfScope: true }
      : {
          method,
          url: action,
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', referer: page.url },
          outOfScope: true,
        },
  );
  const { res, cookies } = await followRedirects(client, posted);
  const loginPages = new LoginPages();
  loginPages.add(auth.loginUrl);
  let ok = looksSignedIn(auth, res, loginPages);
  if (!auth.loggedInIndicator && !auth.loggedOutIndicator) ok &&= cookies || client.cookies.size > 0;
  if (!ok && auth.checkUrl && auth.loggedInIndicator) {
    ok = looksSignedIn(auth, await client.send({ method: 'GET', url: auth.checkUrl, outOfScope: true }), loginPages);
  }
  if (!ok)
    return {
      ok,
      action,
      message: `The form login at ${auth.loginUrl} did not sign in (${
        auth.loggedInIndicator
          ? 'the signed-in indicator was not seen'
          : auth.loggedOutIndicator
            ? 'the signed-out indicator was still seen'
            : 'no session was set'
      }; the login answered ${posted.status})`,
    };
  return { ok, action, message: 'signed in', landing: res.url };
}
