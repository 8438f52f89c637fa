// The scan's session: signs in at the start, then watches every answer for signs the session was lost (a redirect to
// the login page, the signed-out indicator, a 401) and checks it on the check page every so many answers. When it is
// lost, it signs in again (at most 3 tries), counts the re-authentication and sends the request again; when it cannot,
// the scan stops with error 4 (auth failed) instead of crawling a signed-out site and reporting a clean result.
import { LoginPages } from './login-pages.ts';
import { AbortedError } from '../../net/limits.ts';
import type { ScanHttpClient } from '../http.ts';
import type { WebAuthSpec, WebAuthState, WebClient, WebRequest, WebResponse } from '../types.ts';
import { login, looksSignedIn, type LoginContext } from './login.ts';

/** Thrown by the session's send once the session cannot be established again. */
export class AuthFailedError extends Error {}

const TRIES = 3;

export class WebSession implements WebClient {
  state: WebAuthState = 'none';
  reauthentications = 0;
  /** Why the login failed, for the scan's error. */
  failure?: string;
  /** Paths never crawled or tested: the login page and the URL its form posts to. */
  readonly loginPages = new LoginPages();
  private checkUrl: string;
  private generation = 0;
  private sinceCheck = 0;
  private verifying: Promise<boolean> | null = null;
  private reestablishing: Promise<void> | null = null;

  constructor(
    private readonly auth: WebAuthSpec | undefined,
    private readonly ctx: LoginContext & {
      client: ScanHttpClient;
      /** Called once when the session is lost for good (the engine stops the scan: a test may swallow the error). */
      onFailed?(): void;
    },
    /** A session check every this many answers, besides the ones the answers themselves suggest. */
    private readonly checkEvery = 100,
  ) {
    this.checkUrl = (auth && 'checkUrl' in auth && auth.checkUrl) || ctx.target;
    if (auth?.kind === 'form') this.loginPages.add(auth.loginUrl);
  }

  get requestsSent(): number {
    return this.ctx.client.requestsSent;
  }

  inScope(url: string): boolean {
    return this.ctx.client.inScope(url);
  }

  /** Signs in (no-op without auth). False with `failure` set when it does not hold. */
  async start(): Promise<boolean> {
    if (!this.auth) return true;
    const ok = await this.signIn();
    this.state = ok ? 'signed-in' : 'failed';
    return ok;
  }

  async send(req: WebRequest): Promise<WebResponse> {
    if (!this.auth || req.anonymous) return this.ctx.client.send(req);
    if (this.state === 'failed') throw new AuthFailedError(this.failure ?? 'The session was lost');
    const gen = this.generation;
    const res = await this.ctx.client.send(req);
    if (this.isLoginUrl(req.url)) return res;
    const hint = this.looksSignedOut(res);
    const periodic = ++this.sinceCheck >= this.checkEvery;
    if (!hint && !periodic) return res;
    if (periodic) this.sinceCheck = 0;
    // Signed in again while this request was out: it only has to go again.
    if (gen !== this.generation) return hint ? this.ctx.client.send(req) : res;
    if (await this.verify()) return res;
    await this.reestablish(gen);
    return this.ctx.client.send(req);
  }

  isLoginUrl(url: string): boolean {
    return this.loginPages.has(url);
  }

  private looksSignedOut(res: WebResponse): boolean {
    const auth = this.auth!;
    // A 401 is the session's answer for header and HTTP logins; behind a form login it is some page's own refusal.
    if (res.status === 401 && auth.kind !== 'form' && auth.kind !== 'recorded') return true;
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      if (this.loginPages.has(new URL(res.headers.location, res.url).href)) return true;
    }
    return 'loggedOutIndicator' in auth && !!auth.loggedOutIndicator && new RegExp(auth.loggedOutIndicator, 'i').test(res.body);
  }

  /** Asks the check page whether the session holds (one check at a time; parallel askers share it). */
  private verify(): Promise<boolean> {
    this.verifying ??= this.ctx.client
      .send({ method: 'GET', url: this.checkUrl, outOfScope: true })
      .then((res) => looksSignedIn(this.auth!, res, this.loginPages))
      .finally(() => {
        this.verifying = null;
      });
    return this.verifying;
  }

  private reestablish(gen: number): Promise<void> {
    if (gen !== this.generation) return Promise.resolve();
    this.reestablishing ??= (async () => {
      this.state = 'lost';
      for (let i = 0; i < TRIES; i++) {
        if (this.ctx.signal.aborted) throw new AbortedError();
        if (this.auth!.kind === 'form' || this.auth!.kind === 'recorded') this.ctx.client.cookies.clear();
        // A recorded login's storage and bearer token are its session's too: the next login's replace them.
        if (this.auth!.kind === 'recorded') {
          this.ctx.client.browserStorage = [];
          delete this.ctx.client.sessionHeaders.authorization;
        }
        if (await this.signIn()) {
          this.reauthentications++;
          this.generation++;
          this.state = 'signed-in';
          return;
        }
      }
      this.state = 'failed';
      this.failure = `The session was lost and could not be established again (${TRIES} tries): ${this.failure ?? ''}`.trim();
      this.ctx.onFailed?.();
      throw new AuthFailedError(this.failure);
    })().finally(() => {
      this.reestablishing = null;
    });
    return this.reestablishing;
  }

  private async signIn(): Promise<boolean> {
    try {
      const out = await login(this.auth!, this.ctx);
      if (out.action) this.loginPages.add(out.action);
      if (!out.ok) {
        this.failure = out.message;
        return false;
      }
      if (!(this.auth && 'checkUrl' in this.auth && this.auth.checkUrl) && out.landing && !this.isLoginUrl(out.landing))
        this.checkUrl = out.landing;
      return true;
    } catch (err) {
      if (err instanceof AbortedError) throw err;
      this.failure = `The login could not be done: ${err instanceof Error ? err.message : String(err)}`;
      return false;
    }
  }
}
