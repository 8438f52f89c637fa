// /policies/alerts/view/:alertId: one alert — what changed (before → after, per trigger in words), its asset and
// profile (links), the finding's vulnerability page when it has one, the trigger (a link to the profile's alerts of that
// trigger), severity, state, where it was seen, first and last seen and how often; dismiss after a confirmation.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { MONITORING_TRIGGER_LABELS, formatDateTime } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { SeverityBadge } from '../vulnerabilities/components/vulnerability-columns.tsx';
import { ALERT_SOURCE_LABELS, ALERT_STATE_COLORS, ALERT_STATE_LABELS, assetLink, assetText, findingLink } from './alert-format.ts';
import { AlertChange } from './components/AlertChange.tsx';
import { useMonitoringAccess } from './monitoring-access.ts';
import { MONITORING_KEYS, dismissAlert, fetchAlert } from './monitoring-api.ts';

const ALL = (
  <Anchor component={Link} to="/policies/alerts" size="sm">
    All alerts
  </Anchor>
);

export default function AlertPage() {
  const { alertId = '' } = useParams();
  const id = /^[0-9]+$/.test(alertId) ? Number(alertId) : null;
  const access = useMonitoringAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const {
    data: alert,
    error,
    isPending,
  } = useQuery({
    queryKey: MONITORING_KEYS.alert(id ?? 0),
    queryFn: ({ signal }) => fetchAlert(id!, signal),
    enabled: id !== null,
  });

  if (id === null || error) {
    const gone = id === null || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        <PageHeader title="Alert" />
        <Alert color="red" variant="light" role="alert" title="This alert cannot be shown">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{gone ? 'It does not exist, or it was dismissed.' : messageOf(error, 'The alert could not be loaded.')}</Text>
            {ALL}
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (isPending || !alert) return <PageLoader />;

  async function dismiss() {
    try {
      await dismissAlert(id!);
      toastSuccess('Alert dismissed.');
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: MONITORING_KEYS.alerts });
      void navigate('/policies/alerts');
    } catch (failure) {
      toastFailure(failure, 'Cannot dismiss alert.');
    }
  }

  const vulnerability = findingLink(alert);
  return (
    <Stack gap="md">
      {ALL}
      <PageHeader
        title={alert.title}
        description={`${MONITORING_TRIGGER_LABELS[alert.trigger]} on ${assetText(alert.asset)}`}
        actions={
          access.delete ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Dismiss
            </Button>
          ) : undefined
        }
      />
      <Card withBorder padding="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" verticalSpacing="md" m={0}>
          <Fact label="Trigger">
            <Anchor component={Link} to={`/policies/alerts/show/${alert.profile.id}/${alert.trigger}`} size="sm">
              {MONITORING_TRIGGER_LABELS[alert.trigger]}
            </Anchor>
          </Fact>
          <Fact label="Asset">
            <Anchor component={Link} to={assetLink(alert.asset)} size="sm">
              {assetText(alert.asset)}
            </Anchor>
          </Fact>
          <Fact label="Profile">
            <Anchor component={Link} to={`/policies/alerts?profile=${alert.profile.id}`} size="sm">
              {alert.profile.name}
            </Anchor>
          </Fact>
          <Fact label="Subject">{alert.subject}</Fact>
          <Fact label="Severity">
            <SeverityBadge severity={alert.severity} />
          </Fact>
          <Fact label="State">
            <Badge color={ALERT_STATE_COLORS[alert.state]} variant="light">
              {ALERT_STATE_LABELS[alert.state]}
            </Badge>
            {alert.resolved_at && ` since ${formatDateTime(alert.resolved_at)}`}
          </Fact>
          <Fact label="First seen">{formatDateTime(alert.first_seen)}</Fact>
          <Fact label="Last seen">
            {formatDateTime(alert.last_seen)} ({alert.count === 1 ? 'seen once' : `seen ${alert.count} times`})
          </Fact>
          <Fact label="Seen by">
            {alert.run !== null ? (
              <Anchor component={Link} to={`/scans/scans/view/nscan/${alert.run}`} size="sm">
                {ALERT_SOURCE_LABELS[alert.source]} (run {alert.run})
              </Anchor>
            ) : (
              ALERT_SOURCE_LABELS[alert.source]
            )}
          </Fact>
          {alert.finding !== null && (
            <Fact label="Vulnerability">
              {vulnerability ? (
                <Anchor component={Link} to={vulnerability} size="sm">
                  Open the vulnerability
                </Anchor>
              ) : (
                <Anchor component={Link} to={assetLink(alert.asset)} size="sm">
                  See it on the asset
                </Anchor>
              )}
            </Fact>
          )}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          What changed
        </Title>
        <AlertChange alert={alert} />
      </Card>
      <ConfirmDialog
        opened={confirming}
        title="Dismiss alert"
        confirmLabel="Dismiss"
        onConfirm={dismiss}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">
          Dismiss <strong>{alert.title}</strong>? The change stays known, so it does not alert again while it lasts; a new change does.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
