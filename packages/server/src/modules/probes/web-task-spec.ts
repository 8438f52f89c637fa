// The web part of a claimed task's spec (TaskSpec.web, the scanner's WebScanSpec): the web-application asset's URL, the
// run's web profile (limits, scope, headers, browser, destructive actions, the sensitive-content countries), the tests
// its plus/minus lists select from the web test catalogue (none for a discovery run), the run's virtual hosts, and the
// sign-in with its secrets decrypted for this task only.
import { WEB_AUTH_PASSWORD_PLACEHOLDER, type WebProfileSettings } from '@bulwark/core';
import { DEFAULT_WEB_LIMITS, selectWebTests, type WebAuthSpec, type WebScanSpec } from '@bulwark/scanner';

export { selectWebTests };
import type { SecretBox } from '../../lib/secrets.ts';

const open = (box: SecretBox, sealed: string | null | undefined): string => (sealed ? box.decrypt(sealed) : '');
const optional = (v: string) => (v === '' ? undefined : v);

/** The sign-in of the spec, the secrets opened. */
function authOf(p: WebProfileSettings, box: SecretBox): WebAuthSpec | undefined {
  const password = open(box, p.auth_password);
  const indicators = {
    loggedInIndicator: optional(p.auth_logged_in_indicator),
    loggedOutIndicator: optional(p.auth_logged_out_indicator),
    checkUrl: optional(p.auth_check_url),
  };
  switch (p.auth_kind) {
    case 'form':
      return {
        kind: 'form',
        loginUrl: p.auth_login_url,
        username: p.auth_username,
        password,
        usernameField: optional(p.auth_username_field),
        passwordField: optional(p.auth_password_field),
        ...indicators,
      };
    case 'basic':
    case 'digest':
      return { kind: p.auth_kind, username: p.auth_username, password };
    case 'headers':
      return {
        kind: 'headers',
        headers: Object.fromEntries(Object.entries(p.auth_headers).map(([k, v]) => [k, open(box, v)])),
        loggedInIndicator: indicators.loggedInIndicator,
        checkUrl: indicators.checkUrl,
      };
    case 'recorded':
      return {
        kind: 'recorded',
        steps: p.auth_steps.map((s) =>
          s.value?.includes(WEB_AUTH_PASSWORD_PLACEHOLDER)
            ? { ...s, value: s.value.split(WEB_AUTH_PASSWORD_PLACEHOLDER).join(password) }
            : s,
        ),
        ...indicators,
      };
    default:
      return undefined;
  }
}

export interface WebTaskRun {
  profile: WebProfileSettings;
  isWasDiscovery: boolean;
  vhosts: string[];
}

export function webSpecOf(target: string, run: WebTaskRun, box: SecretBox): WebScanSpec {
  const p = run.profile;
  const auth = authOf(p, box);
  return {
    target,
    discovery: run.isWasDiscovery,
    scope: {
      ...(p.extra_hosts.length ? { hosts: p.extra_hosts } : {}),
      ...(p.path_prefixes.length ? { pathPrefixes: p.path_prefixes } : {}),
      ...(p.scope_include.length ? { include: p.scope_include } : {}),
      ...(p.scope_exclude.length ? { exclude: p.scope_exclude } : {}),
      ...(run.vhosts.length ? { vhosts: run.vhosts } : {}),
    },
    limits: {
      ...DEFAULT_WEB_LIMITS,
      maxUrls: p.max_urls,
      maxDepth: p.max_depth,
      maxDurationS: p.max_duration * 60,
      requestsPerSecond: p.requests_per_second,
      parallel: p.parallel_requests,
    },
    browser: p.browser,
    allowDestructive: p.allow_destructive,
    tests: run.isWasDiscovery ? [] : selectWebTests(p),
    sensitive: { countries: [...p.sc_ss_countries] },
    ...(auth ? { auth } : {}),
    ...(Object.keys(p.headers).length ? { headers: { ...p.headers } } : {}),
    ...(p.user_agent ? { userAgent: p.user_agent } : {}),
  };
}
