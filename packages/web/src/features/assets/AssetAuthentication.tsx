// The Authentication card of a host asset: what the last authenticated look found — its health and message, the
// system, the running and the newest installed kernel (restart required when they differ), an end-of-life warning, the
// package count, the credential used and the pinned SSH host key. When the host presented another key, a warning with
// "Trust the new host key" (after a confirm). Nothing is shown while no authenticated scan has looked at the host.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDENTIAL_KIND_LABELS, formatDateTime, type HostAuthentication } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { CredentialHealthBadge } from '../credentials/components/CredentialHealthBadge.tsx';
import { CREDENTIALS_PATH } from '../credentials/credential-form.ts';
import { HOST_AUTH_KEYS, hostAuthenticationOptions, trustHostKey } from './host-auth-api.ts';

export const HOST_KEY_TRUSTED = 'The new host key is trusted. The next scan logs in again.';
const TRUST_FAILED = 'Cannot trust the new host key.';

/** 'Debian GNU/Linux 12 (bookworm)', else what is known of the id and version. */
export function systemText(auth: HostAuthentication): string {
  if (auth.os_name) return auth.os_name;
  const parts = [auth.os_id, auth.os_version, auth.os_codename ? `(${auth.os_codename})` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '–';
}

function HostKey({ value }: { value: string | null }) {
  if (!value) return <>–</>;
  return (
    <Text span size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  );
}

function HostKeyWarning({ auth, onTrust }: { auth: HostAuthentication; onTrust(): void }) {
  return (
    <Alert color="red" variant="light" role="alert" title="The host presented a different SSH host key">
      <Stack gap="xs">
        <Text size="sm">
          The host presented a different SSH host key than the one pinned at its first authenticated scan (since{' '}
          {formatDateTime(auth.host_key_changed_at ?? '')}). Bulwark sends no credential to it until you trust the new key. Trust it only
          when you know the key was changed on purpose, e.g. the host was reinstalled; otherwise someone may be intercepting the connection.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          <Fact label="Pinned key">
            <HostKey value={auth.host_key_pinned} />
          </Fact>
          <Fact label="Key presented now">
            <HostKey value={auth.host_key_seen} />
          </Fact>
        </SimpleGrid>
        <Group>
          <Button color="red" variant="light" onClick={onTrust}>
            Trust the new host key
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function KernelFact({ auth }: { auth: HostAuthentication }) {
  return (
    <Fact label="Kernel (running / newest installed)">
      <Group gap="xs" component="span" wrap="wrap">
        <Text span size="sm" ff="monospace">
          {auth.kernel_running ?? '–'} / {auth.kernel_latest ?? '–'}
        </Text>
        {auth.reboot_required && (
          <Badge color="orange" variant="light" size="sm">
            Restart required
          </Badge>
        )}
      </Group>
    </Fact>
  );
}

export function AssetAuthentication({ assetId }: { assetId: number }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data: auth, error } = useQuery(hostAuthenticationOptions(assetId));

  if (error) {
    return (
      <Alert color="red" variant="light">
        {messageOf(error, 'The authentication state of the host could not be loaded.')}
      </Alert>
    );
  }
  if (!auth) return null;

  async function trust() {
    try {
      const next = await trustHostKey(assetId);
      queryClient.setQueryData(HOST_AUTH_KEYS.authentication(assetId), next);
      toastSuccess(HOST_KEY_TRUSTED);
      setConfirming(false);
    } catch (failure) {
      toastFailure(failure, TRUST_FAILED);
    }
  }

  const credential = auth.credential;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="authentication-heading">
      <Stack gap="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h4" id="authentication-heading">
              Authentication
            </Title>
            <CredentialHealthBadge health={auth.health} />
          </Group>
          <Text size="xs" c="dimmed">
            Last checked {formatDateTime(auth.checked_at)}
            {auth.run_id !== null && (
              <>
                {' · '}
                <Anchor component={Link} to={`/scans/scans/view/nscan/${auth.run_id}`} size="xs">
                  scan result
                </Anchor>
              </>
            )}
          </Text>
        </Group>
        {auth.message && <Text size="sm">{auth.message}</Text>}
        {auth.host_key_changed_at && <HostKeyWarning auth={auth} onTrust={() => setConfirming(true)} />}
        {auth.end_of_life && (
          <Alert color="orange" variant="light" title="End of life">
            Security support for {auth.os_name ?? 'this release'} ended on {auth.end_of_life}: it gets no more security updates. Plan an
            upgrade to a supported release.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Fact label="System">{systemText(auth)}</Fact>
          <KernelFact auth={auth} />
          <Fact label="Installed packages">{auth.package_count ?? '–'}</Fact>
          <Fact label="Credential">
            {credential ? (
              <Anchor component={Link} to={`${CREDENTIALS_PATH}?kind=${credential.kind}`} size="sm">
                {credential.name} ({CREDENTIAL_KIND_LABELS[credential.kind]})
              </Anchor>
            ) : (
              '–'
            )}
          </Fact>
          <Fact label="SSH host key">
            <HostKey value={auth.host_key_pinned} />
          </Fact>
        </SimpleGrid>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Trust the new host key?"
        confirmLabel="Trust the new key"
        cancelLabel="Cancel"
        color="red"
        onConfirm={trust}
        onClose={() => setConfirming(false)}
      >
        The key the host presents now is pinned in place of the old one, and the next scan sends it the credential. Do this only when you
        know why the key changed.
      </ConfirmDialog>
    </Card>
  );
}
