// A fetch stub for component tests: answers the app's API calls (paths under /api/) from routes a test declares, and
// records every request so a test can check what the page asked for.
import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  /** The path under /api/, e.g. 'scan/nruns/'. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer with its status (made by `json`); any other value a route gives is a 200 body. */
export class StubAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

type Answer = (request: StubRequest, params: string[]) => StubAnswer | Promise<StubAnswer>;
type Reply = Answer | StubAnswer | object;

interface Route {
  method: string;
  pattern: RegExp;
  answer: Answer;
}

/** A 200 answer with `body`, or another status. */
export function json(body: unknown, status = 200): StubAnswer {
  return new StubAnswer(status, body);
}

/** 'scan/nruns/:id/' → a pattern whose groups are the `:name` parts. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/gi, '([^/]+)');
  return new RegExp(`^${escaped}$`);
}

export interface ApiStub {
  /** Answers `method path` (the latest declaration of a path wins); `answer` may be a body (200) or a function. */
  on(method: string, path: string, answer: Reply): ApiStub;
  requests: StubRequest[];
  /** The requests made to `method path` (a pattern as in `on`). */
  calls(method: string, path: string): StubRequest[];
}

export function stubApi(): ApiStub {
  const routes: Route[] = [];
  const requests: StubRequest[] = [];

  async function respond(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://bulwark.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: StubRequest = { method, path, query: url.searchParams, body };
    requests.push(request);
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const answer = await route.answer(request, match.slice(1));
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return new Response(answer.status === 204 ? null : text, { status: answer.status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ detail: `No stub for ${method} ${path}` }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  }

  vi.stubGlobal('fetch', vi.fn(respond));

  const stub: ApiStub = {
    on(method, path, answer) {
      const fn: Answer =
        typeof answer === 'function' ? (answer as Answer) : answer instanceof StubAnswer ? () => answer : () => json(answer);
      routes.unshift({ method: method.toUpperCase(), pattern: pathPattern(path), answer: fn });
      return stub;
    },
    requests,
    calls(method, path) {
      const pattern = pathPattern(path);
      return requests.filter((r) => r.method === method.toUpperCase() && pattern.test(r.path));
    },
  };
  return stub;
}

/** A page of a list answer, as the server sends it: `{count, next, previous, results}`. */
export function page<T>(
  results: T[],
  count = results.length,
): { count: number; next: string | null; previous: string | null; results: T[] } {
  return { count, next: count > results.length ? '/api/next/?page=2' : null, previous: null, results };
}
