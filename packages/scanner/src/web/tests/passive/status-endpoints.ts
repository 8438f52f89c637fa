// Monitoring and status endpoints left open to anyone: Prometheus metrics (/metrics), Apache's server status, Spring
// Boot's actuator environment and Go's expvar. Each is asked once per site and counts only by its own format (a
// soft 404 or the application's shell never does). OWASP Juice Shop serves its Prometheus metrics so.
import type { WebFinding, WebTest } from '../../types.ts';
import { finding, once } from './support.ts';

const ENDPOINTS: { path: string; label: string; proves(body: string): boolean }[] = [
  {
    path: 'metrics',
    label: 'Prometheus metrics',
    // The exposition format: "# HELP name …" and "# TYPE name counter|gauge|…" lines.
    proves: (b) => /^# HELP \w+ /m.test(b) && /^# TYPE \w+ (counter|gauge|histogram|summary|untyped)$/m.test(b),
  },
  { path: 'server-status', label: 'Apache server status', proves: (b) => /Apache Server Status for/i.test(b) && /Server uptime/i.test(b) },
  {
    path: 'actuator/env',
    label: 'Spring Boot actuator environment',
    proves: (b) => /"activeProfiles"\s*:/.test(b) && /"propertySources"\s*:/.test(b),
  },
  { path: 'debug/vars', label: 'Go expvar variables', proves: (b) => /"cmdline"\s*:/.test(b) && /"memstats"\s*:/.test(b) },
];

export const statusEndpoints: WebTest = {
  id: 'web-status-endpoint',
  name: 'Monitoring or status endpoint exposed',
  category: 'information-disclosure',
  severity: 2,
  cwe: ['CWE-200', 'CWE-215'],
  owasp: 'A05:2021',
  description:
    "A monitoring endpoint answers anyone: metrics, the server's requests in progress, the application's configuration " +
    'and environment, or its memory and command line. They show what runs inside, and sometimes secrets.',
  solution:
    'Serve monitoring endpoints on an internal port or address only, or require authentication for them (Prometheus ' +
    'scrapes with credentials; Spring Boot exposes actuator endpoints only when configured to).',
  references: [
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/05-Enumerate_Infrastructure_and_Application_Admin_Interfaces',
  ],
  kind: 'active',
  async site(origin, ctx) {
    const out: WebFinding[] = [];
    for (const e of ENDPOINTS) {
      const url = `${origin}/${e.path}`;
      if (ctx.signal.aborted || !ctx.client.inScope(url)) continue;
      const res = await ctx.client.send({ method: 'GET', url }).catch(() => null);
      if (!res || res.status !== 200 || !e.proves(res.body) || !once(ctx, `web-status-endpoint ${origin} ${e.path}`)) continue;
      out.push(
        finding({
          test: 'web-status-endpoint',
          res,
          needle: res.body.slice(0, 40),
          name: `${e.label} exposed`,
          proof: `/${e.path}: ${e.label}`,
          how: 'the endpoint’s own format',
        }),
      );
    }
    return out;
  },
};
