// The links between the integration pages built so far (the notification channels e-mail, Slack, Microsoft Teams and
// webhooks, and the BeyondTrust Password Safe vault), the current one marked for screen readers with aria-current.
import { Box, Button } from '@mantine/core';
import { Link } from 'react-router';
import { SETTINGS_INTEGRATIONS, type SettingsIntegration } from '@bulwark/core';
import { INTEGRATION_PATHS, integrationLabel } from '../integration-form.ts';

export function IntegrationNav({ current }: { current: SettingsIntegration }) {
  return (
    <Box component="nav" aria-label="Integrations" style={{ overflowX: 'auto' }}>
      <Button.Group>
        {SETTINGS_INTEGRATIONS.map((type) => {
          const active = type === current;
          return (
            <Button
              key={type}
              component={Link}
              to={INTEGRATION_PATHS[type]}
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
              size="sm"
            >
              {integrationLabel(type)}
            </Button>
          );
        })}
      </Button.Group>
    </Box>
  );
}
