// The Azure credential test: a token from the Microsoft identity platform, the subscriptions the application can read,
// then one read of every list a scan makes (in each subscription tried) and the Microsoft Graph policies, naming each
// refused permission as Azure does (Microsoft.Storage/storageAccounts/read, Policy.Read.All …).
import { DEFAULT_CLOUD_LIMITS, type CloudScanSpec, type CloudTestOutcome } from '../types.ts';
import { AzureClient, AzureError, azureCredentials, type AzureAudience } from './client.ts';
import { GRAPH_CALLS, SQL_AUDITING, SQL_FIREWALL, SUBSCRIPTIONS_CALL, SUBSCRIPTION_LISTS } from './calls.ts';

/** Subscriptions read per test at most (each costs one call per list). */
const SUBSCRIPTIONS_TRIED = 3;

/** One GET, retried while Azure throttles it (Retry-After honoured, up to 10 s a wait, three tries). */
async function read(client: AzureClient, audience: AzureAudience, path: string): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.get(audience, path);
    } catch (e) {
      if (!(e instanceof AzureError) || !e.throttled || attempt >= 3) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.min(e.retryAfterMs ?? 1000, 10_000)));
    }
  }
}

const refused = (e: unknown) => e instanceof AzureError && e.status === 403;

export async function testAzure(spec: Pick<CloudScanSpec, 'credentials' | 'endpoints' | 'regions'>): Promise<CloudTestOutcome> {
  const credentials = azureCredentials(spec.credentials);
  const client = new AzureClient(credentials, spec.endpoints, DEFAULT_CLOUD_LIMITS.callTimeoutMs);
  try {
    await client.token('management');
  } catch (e) {
    return { ok: false, account: null, missingPermissions: [], message: (e as Error).message };
  }
  const account = credentials.tenantId;
  const missing = new Set<string>();
  const problems: string[] = [];

  let visible: Record<string, unknown>[] = [];
  try {
    let next: string | undefined = `${SUBSCRIPTIONS_CALL.path}?api-version=${SUBSCRIPTIONS_CALL.apiVersion}`;
    while (next) {
      const page = await read(client, 'management', next);
      visible.push(...((page.value as Record<string, unknown>[]) ?? []));
      next = typeof page.nextLink === 'string' && page.nextLink ? page.nextLink : undefined;
    }
  } catch (e) {
    if (e instanceof AzureError && e.status === 401) return { ok: false, account: null, missingPermissions: [], message: e.message };
    if (!refused(e))
      return { ok: false, account, missingPermissions: [], message: `Listing the subscriptions failed: ${(e as Error).message}` };
    missing.add(SUBSCRIPTIONS_CALL.action);
    visible = [];
  }
  const ids = new Map(visible.map((s) => [String(s.subscriptionId ?? '').toLowerCase(), s]));
  const wanted = credentials.subscriptions.length ? credentials.subscriptions : [...ids.keys()];
  const unreadable = wanted.filter((id) => !ids.has(id));
  if (unreadable.length)
    problems.push(`The application cannot read subscription ${unreadable.join(', ')} (no role assignment on it, or it does not exist).`);
  const readable = wanted.filter((id) => ids.has(id));
  if (readable.length === 0)
    problems.push('The application can read no subscription: assign it the Reader role on the subscriptions to scan.');

  for (const id of readable.slice(0, SUBSCRIPTIONS_TRIED)) {
    await Promise.all(
      Object.values(SUBSCRIPTION_LISTS).map(async (call) => {
        try {
          const page = await read(client, 'management', `/subscriptions/${id}/${call.path}?api-version=${call.apiVersion}`);
          if (call === SUBSCRIPTION_LISTS.sqlServers) {
            const server = ((page.value as { id?: string }[]) ?? [])[0]?.id;
            if (server)
              await Promise.all(
                [SQL_AUDITING, SQL_FIREWALL].map((sub) =>
                  read(client, 'management', `${server}/${sub.path}?api-version=${sub.apiVersion}`).catch((e: unknown) => {
                    if (refused(e)) missing.add((e as AzureError).action ?? sub.action);
                    else problems.push(`${sub.action}: ${(e as Error).message}`);
                  }),
                ),
              );
          }
        } catch (e) {
          if (refused(e)) missing.add((e as AzureError).action ?? call.action);
          else problems.push(`${call.action}: ${(e as Error).message}`);
        }
      }),
    );
  }

  await Promise.all(
    Object.values(GRAPH_CALLS).map(async (call) => {
      try {
        await read(client, 'graph', call.path);
      } catch (e) {
        if (refused(e)) missing.add(`${call.permission} (Microsoft Graph)`);
        else problems.push(`Microsoft Graph ${call.path}: ${(e as Error).message}`);
      }
    }),
  );

  const missingPermissions = [...missing].sort();
  const names = readable.map((id) => String(ids.get(id)?.displayName ?? id));
  const parts = [
    `Signed in to tenant ${account} as application ${credentials.clientId}; ${readable.length} subscription(s) readable${names.length ? ` (${names.slice(0, 5).join(', ')}${names.length > 5 ? ' …' : ''})` : ''}.`,
    ...(missingPermissions.length
      ? [`Refused: ${missingPermissions.join(', ')}. The Reader role and Microsoft Graph Policy.Read.All cover a scan.`]
      : []),
    ...problems,
  ];
  return {
    ok: readable.length > 0 && missingPermissions.length === 0 && problems.length === 0,
    account,
    missingPermissions,
    message: parts.join(' '),
  };
}
