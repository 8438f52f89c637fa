// /sa/scan-appliance/view/{probeId}: one probe's status and facts, a new registration token, rename and delete.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { Fact } from '../../components/Fact.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteProbe, newProbeToken, type ProbeToken } from './probes-api.ts';
import { PROBE_KEYS, probeOptions } from './probe-queries.ts';
import { heartbeatText, PROBES_PATH, probeStatusBadge } from './probe-format.ts';
import { TokenReveal } from './TokenReveal.tsx';

/** -1 is the built-in probe; other ids are digits. */
function parseProbeId(text: string | undefined): number | null {
  if (text === '-1') return -1;
  return text && /^[0-9]+$/.test(text) ? Number(text) : null;
}

export default function ApplianceViewPage() {
  const id = parseProbeId(useParams().probeId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<ProbeToken | null>(null);
  const [busy, setBusy] = useState<'token' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { data: probe, error } = useQuery({ ...probeOptions(id ?? 0), enabled: id !== null });

  const back = (
    <Anchor component={Link} to={PROBES_PATH} size="sm">
      ← Scan appliances
    </Anchor>
  );
  if (id === null || error) {
    const missing = id === null || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Scan appliance" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          {missing ? 'This probe does not exist or was deleted.' : messageOf(error, 'The probe could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!probe) return <PageLoader label="Loading the probe…" />;

  async function makeToken() {
    setBusy('token');
    try {
      setToken(await newProbeToken(probe!.id));
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.one(probe!.id) });
    } catch (failure) {
      toastFailure(failure, 'Cannot make a registration token.');
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await deleteProbe(probe!.id);
      toastSuccess('Probe deleted.');
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
      void navigate(PROBES_PATH, { replace: true });
    } catch (failure) {
      toastFailure(failure, 'Cannot delete the probe.');
      setConfirming(false);
    } finally {
      setBusy(null);
    }
  }

  const status = probeStatusBadge(probe);
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={probe.name}
        description={probe.builtin ? 'The built-in probe runs inside the Bulwark server.' : 'Remote probe'}
        actions={
          !probe.builtin && (
            <Group gap="xs">
              <Button onClick={() => void makeToken()} loading={busy === 'token'}>
                New registration token
              </Button>
              <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </Group>
          )
        }
      />
      {token && <TokenReveal token={token} />}
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
          <Fact label="Status">
            <Badge color={status.color} variant="light" data-testid="probe-status">
              {status.label}
            </Badge>
          </Fact>
          <Fact label="Last heartbeat">
            <span title={probe.last_heartbeat ? formatDateTime(probe.last_heartbeat) : undefined}>
              {heartbeatText(probe.last_heartbeat)}
            </span>
          </Fact>
          <Fact label="Group">{probe.group?.name ?? '–'}</Fact>
          <Fact label="Active runs">{probe.active_runs}</Fact>
          <Fact label="Host name">{probe.hostname ?? '–'}</Fact>
          <Fact label="Address">{probe.address ?? '–'}</Fact>
          <Fact label="Version">{probe.version ?? '–'}</Fact>
          <Fact label="Registered">{probe.registered ? formatDateTime(probe.registered) : 'Not yet'}</Fact>
          {probe.token_expires && !probe.registered && <Fact label="Token valid until">{formatDateTime(probe.token_expires)}</Fact>}
        </SimpleGrid>
      </Card>
      <ConfirmDialog
        opened={confirming}
        title="Delete the probe?"
        confirmLabel="Delete"
        busy={busy === 'delete'}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        “{probe.name}” can no longer take scans. A probe that is running scans cannot be deleted.
      </ConfirmDialog>
    </Stack>
  );
}
