// The links between the integration pages built so far (the notification channels e-mail, Slack, Microsoft Teams and
// webhooks, the BeyondTrust Password Safe vault, and the ticketing integrations Jira, ServiceNow and TOPdesk), the current
// one marked for screen readers with aria-current.
import { Box, Button } from '@mantine/core';
import { Link } from 'react-router';
import { SETTINGS_INTEGRATIONS, TRACKERS, type SettingsIntegration, type Tracker } from '@bulwark/core';
import { INTEGRATION_PATHS, integrationLabel } from '../integration-form.ts';
import { TRACKER_PATHS, trackerLabel } from '../tracker-form.ts';

type NavPage = SettingsIntegration | Tracker | 'public-api' | 'domain-asset-discovery';

const PAGES: { key: NavPage; path: string; label: string }[] = [
  ...SETTINGS_INTEGRATIONS.map((t) => ({ key: t, path: INTEGRATION_PATHS[t], label: integrationLabel(t) })),
  ...TRACKERS.map((t) => ({ key: t, path: TRACKER_PATHS[t], label: trackerLabel(t) })),
  { key: 'public-api', path: '/admin/integrations/public-api', label: 'Public API' },
  { key: 'domain-asset-discovery', path: '/admin/integrations/domain-asset-discovery', label: 'Domain asset discovery' },
];

export function IntegrationNav({ current }: { current: NavPage }) {
  return (
    <Box component="nav" aria-label="Integrations" style={{ overflowX: 'auto' }}>
      <Button.Group>
        {PAGES.map(({ key, path, label }) => {
          const active = key === current;
          return (
            <Button
              key={key}
              component={Link}
              to={path}
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
              size="sm"
            >
              {label}
            </Button>
          );
        })}
      </Button.Group>
    </Box>
  );
}
