// The links between the four notification integration pages (e-mail, Slack, Microsoft Teams, webhooks), the current one
// marked for screen readers with aria-current.
import { Box, Button } from '@mantine/core';
import { Link } from 'react-router';
import { NOTIFICATION_INTEGRATIONS, type NotificationIntegration } from '@bulwark/core';
import { INTEGRATION_PATHS, integrationLabel } from './integration-form.ts';

export function IntegrationNav({ current }: { current: NotificationIntegration }) {
  return (
    <Box component="nav" aria-label="Notification integrations" style={{ overflowX: 'auto' }}>
      <Button.Group>
        {NOTIFICATION_INTEGRATIONS.map((type) => {
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
