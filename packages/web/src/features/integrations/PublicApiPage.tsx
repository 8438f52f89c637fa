// /admin/integrations/public-api (superusers): the organisation's public API — whether it is active (activate, or
// deactivate after a confirmation: every token is refused until it is activated again) — and its API tokens in the
// manner of GitHub's fine-grained tokens: generate one (name, expiry, rate limit, permissions from the user's own), see
// its secret once with a copy button, then only its prefix, owner, permissions, expiry and last use; delete one.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, formatDateTime, type ApiToken, type ApiTokenCreated, type PublicApiConfig } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RESOURCE_LABELS } from '../../components/permission-labels.ts';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { useSession } from '../../session/session.ts';
import {
  PUBLIC_API_KEYS,
  activatePublicApi,
  deactivatePublicApi,
  deleteToken,
  fetchPublicApiConfig,
  fetchTokens,
} from './api/public-api-api.ts';
import { IntegrationNav } from './components/IntegrationNav.tsx';
import { TokenForm } from './components/TokenForm.tsx';
import { grantSummary } from './public-api-form.ts';

const DEACTIVATED = 'Public API deactivated.';
const DELETED = 'Token deleted.';
const DELETE_FAILED = 'Cannot delete token.';
const resourceLabel = (r: string) => RESOURCE_LABELS[r as keyof typeof RESOURCE_LABELS] ?? r;

export default function PublicApiPage({ now = () => new Date() }: { now?: () => Date }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [switching, setSwitching] = useState(false);
  const list = useListState({ pageSize: 25, prefix: 'tokens' });
  const config = useQuery({ queryKey: PUBLIC_API_KEYS.config, queryFn: ({ signal }) => fetchPublicApiConfig(signal) });
  const tokens = useQuery({
    queryKey: PUBLIC_API_KEYS.tokens(list.query),
    queryFn: ({ signal }) => fetchTokens(list.query, signal),
    placeholderData: keepPreviousData,
  });

  async function switchTo(active: boolean) {
    setSwitching(true);
    try {
      const next = active ? await activatePublicApi() : await deactivatePublicApi();
      queryClient.setQueryData<PublicApiConfig>(PUBLIC_API_KEYS.config, next);
      toastSuccess(active ? MESSAGES.publicApi.activated : DEACTIVATED);
      setConfirmOff(false);
    } catch (failure) {
      toastFailure(failure, active ? MESSAGES.publicApi.activateFailed : 'Failed to deactivate public API!');
    } finally {
      setSwitching(false);
    }
  }

  async function remove(token: ApiToken) {
    try {
      await deleteToken(token.id);
      toastSuccess(DELETED);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: PUBLIC_API_KEYS.all });
    } catch (failure) {
      toastFailure(failure, DELETE_FAILED);
    }
  }

  const columns: DataColumn<ApiToken>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t.name}
          </Text>
          <Code>{t.prefix}…</Code>
        </Stack>
      ),
    },
    { key: 'owner', header: 'Owner', cell: (t) => <Text size="sm">{t.mine ? `${t.user_email} (you)` : t.user_email}</Text> },
    {
      key: 'permissions',
      header: 'Permissions',
      cell: (t) => (
        <Text size="sm" maw={320}>
          {grantSummary(t.permissions, resourceLabel)}
        </Text>
      ),
    },
    {
      key: 'expires',
      header: 'Expires',
      cell: (t) =>
        t.expired ? (
          <Badge color="red" variant="light">
            Expired {formatDateTime(t.expires_at)}
          </Badge>
        ) : (
          <Text size="sm">{formatDateTime(t.expires_at)}</Text>
        ),
    },
    {
      key: 'last_used',
      header: 'Last used',
      cell: (t) =>
        t.last_used_at ? (
          <Text size="sm">
            {formatDateTime(t.last_used_at)}
            {t.last_used_ip ? ` from ${t.last_used_ip}` : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    { key: 'rate', header: 'Requests a minute', hideable: true, cell: (t) => <Text size="sm">{t.rate_limit}</Text> },
    { key: 'created', header: 'Created', hideable: true, cell: (t) => <Text size="sm">{formatDateTime(t.created)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (t) => (
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
          Delete
        </Button>
      ),
    },
  ];

  const active = config.data?.active === true;
  const example = `curl -H "Authorization: Token bwk_…" ${window.location.origin}/api/remediation/vulnerability-simple/`;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Public API"
        description="Scripts and other systems call Bulwark’s API with a token instead of a person’s session. A token acts as the person who made it, with only the permissions chosen for it."
        actions={
          <Tooltip label="Activate the public API first" disabled={active}>
            <Button onClick={() => setCreating(true)} disabled={!active}>
              Generate token
            </Button>
          </Tooltip>
        }
      />
      <IntegrationNav current="public-api" />
      <Card withBorder padding="md">
        {config.isPending ? (
          <PageLoader label="Loading the public API settings…" />
        ) : config.isError ? (
          <Alert color="red" variant="light" role="alert" title="The public API settings cannot be shown">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{messageOf(config.error, 'The public API settings could not be loaded.')}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void config.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="sm">
                <Text fw={500}>Status</Text>
                <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="public-api-state">
                  {active ? 'Active' : 'Inactive'}
                </Badge>
                {config.data.changed_at && (
                  <Text size="sm" c="dimmed">
                    {active ? 'Activated' : 'Deactivated'} {formatDateTime(config.data.changed_at)}
                    {config.data.changed_by_email ? ` by ${config.data.changed_by_email}` : ''}
                  </Text>
                )}
              </Group>
              {active ? (
                <Button variant="default" color="red" onClick={() => setConfirmOff(true)}>
                  Deactivate
                </Button>
              ) : (
                <Button onClick={() => void switchTo(true)} loading={switching}>
                  Activate
                </Button>
              )}
            </Group>
            <Text size="sm">
              {active
                ? 'Tokens are accepted on every call their permissions allow — never on signing in, passwords, second factors or tokens themselves.'
                : 'While the public API is inactive every token is refused. Activate it to make tokens and let them in.'}
            </Text>
            <Text size="sm">
              Send a token in the <Code>Authorization</Code> header, for example:
            </Text>
            <Code block>{example}</Code>
            <Text size="sm">
              Every call is described in the <Anchor href="/api/docs/">API documentation</Anchor>.
            </Text>
          </Stack>
        )}
      </Card>
      <Card withBorder padding="md">
        <DataTable
          id="api-tokens"
          caption="API tokens"
          columns={columns}
          rows={tokens.data?.results}
          rowKey={(t) => t.id}
          error={tokens.error}
          errorMessage="Cannot load tokens."
          onRetry={() => void tokens.refetch()}
          loadingLabel="Loading tokens…"
          empty={{
            title: 'No tokens yet.',
            description: active
              ? 'Generate a token for each script or system that calls the API, so each can be revoked alone.'
              : 'Activate the public API, then generate a token for each script or system that calls it.',
          }}
          fetching={tokens.isFetching}
          paging={list.paging(tokens.data?.count ?? 0, 'tokens', 'token')}
        />
      </Card>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={created ? 'Your new token' : 'Generate a token'}
        size="xl"
        closeOnClickOutside={created === null}
      >
        {created ? (
          <NewTokenSecret
            token={created}
            onDone={() => {
              setCreated(null);
              setCreating(false);
            }}
          />
        ) : (
          session.profile && <TokenForm profile={session.profile} now={now} onCreated={setCreated} onCancel={() => setCreating(false)} />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete token"
        confirmLabel="Delete token"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong> ({deleting?.prefix}…)? Whatever uses it is refused from its next call.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmOff}
        title="Deactivate the public API"
        confirmLabel="Deactivate"
        onConfirm={() => switchTo(false)}
        onClose={() => setConfirmOff(false)}
      >
        <Text size="sm">
          Every token is refused until the public API is activated again. The tokens are kept and work again after activation.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The secret, shown this once, with a copy button. */
function NewTokenSecret({ token, onDone }: { token: ApiTokenCreated; onDone(): void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Copy the token now">
        This is the only time it is shown. Bulwark keeps only a hash of it; afterwards the list shows just {token.prefix}….
      </Alert>
      <TextInput label={`Token “${token.name}”`} value={token.token} readOnly ff="monospace" onFocus={(e) => e.currentTarget.select()} />
      <Group justify="space-between">
        <CopyButton value={token.token}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>I have copied it</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Expires {formatDateTime(token.expires_at)}. Keep it in your secret store; anyone holding it acts as you within its permissions.
      </Text>
    </Stack>
  );
}
