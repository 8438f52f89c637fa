// The web part of a claimed task's spec (TaskSpec.web, the scanner's WebScanSpec): the web-application asset's URL, the
// run's web profile (limits, scope, headers, browser, destructive actions, the sensitive-content countries), the tests
// its plus/minus lists select from the web test catalogue (none for a discovery run), the run's virtual hosts, and the
// sign-in with its secrets decrypted for this task only: the profile's own, or a stored scan credential's (borrowed from the
// vault for this task when it is a vault credential).
import {
  usesWebAuthCredential,
  WEB_AUTH_PASSWORD_PLACEHOLDER,
  WEB_AUTH_USERNAME_PLACEHOLDER,
  type WebProfileSettings,
} from '@bulwark/core';
import { DEFAULT_WEB_LIMITS, selectWebTests, type WebAuthSpec, type WebScanSpec } from '@bulwark/scanner';

export { selectWebTests };
import type { SecretBox } from '../../lib/secrets.ts';
import type { Db } from '../../db/client.ts';
import { webCredentialRow, webLoginOf } from '../credentials/index.ts';
import { borrow, type VaultContext } from '../vault/index.ts';

/** The username and password a stored credential gives this task, or why it gives none. */
export type WebCredentialLogin = { username: string; password: string } | { error: string };

/**
 * The login of the profile's stored credential for this task (none when the profile names none): the password opened,
 * or borrowed from the vault (checked in when the task ends, as a network task's are).
 */
export async function webCredentialLogin(
  ctx: VaultContext & { db: Db },
  run: { customerId: number; name: string; profile: WebProfileSettings },
  taskId: number,
): Promise<WebCredentialLogin | undefined> {
  const p = run.profile;
  if (p.auth_credential == null || !usesWebAuthCredential(p.auth_kind)) return undefined;
  const row = await webCredentialRow(ctx.db, run.customerId, p.auth_credential);
  if (!row) return { error: 'The stored credential the web profile names no longer exists: choose another in the profile.' };
  if (row.method === 'credentials') return webLoginOf(row, ctx.secrets);
  const vault = await borrow(ctx, run.customerId, [row], taskId, `Bulwark web scan "${run.name}", task ${taskId}`);
  const borrowed = vault.borrowed.get(row.id);
  if (!borrowed) return { error: `Vault credential "${row.name}": ${vault.failures[0]?.message ?? 'the vault did not release it'}` };
  return webLoginOf(row, ctx.secrets, borrowed);
}

const open = (box: SecretBox, sealed: string | null | undefined): string => (sealed ? box.decrypt(sealed) : '');
const optional = (v: string) => (v === '' ? undefined : v);

/** The sign-in of the spec, the secrets opened (a stored credential's login in place of the profile's own). */
function authOf(p: WebProfileSettings, box: SecretBox, login?: WebCredentialLogin): WebAuthSpec | undefined {
  // A credential that gives no login leaves both empty: the scan ends with error 4 (authUnavailable) before any login.
  const fromCredential = login && ('error' in login ? { username: '', password: '' } : login);
  const username = fromCredential ? fromCredential.username : p.auth_username;
  const password = fromCredential ? fromCredential.password : open(box, p.auth_password);
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
        username,
        password,
        usernameField: optional(p.auth_username_field),
        passwordField: optional(p.auth_password_field),
        ...indicators,
      };
    case 'basic':
    case 'digest':
      return { kind: p.auth_kind, username, password };
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
          s.value === undefined
            ? s
            : {
                ...s,
                value: s.value.split(WEB_AUTH_PASSWORD_PLACEHOLDER).join(password).split(WEB_AUTH_USERNAME_PLACEHOLDER).join(username),
              },
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

export function webSpecOf(target: string, run: WebTaskRun, box: SecretBox, login?: WebCredentialLogin): WebScanSpec {
  const p = run.profile;
  const auth = authOf(p, box, login);
  return {
    ...(login && 'error' in login ? { authUnavailable: login.error } : {}),
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
