// A probe's registration token and the command that registers it, shown once with copy buttons.
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@bulwark/core';
import type { ProbeToken } from './probes-api.ts';

function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={`Copy the ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
    </Stack>
  );
}

export function TokenReveal({ token }: { token: ProbeToken }) {
  return (
    <Alert color="blue" variant="light" title="Register the probe" role="status" data-testid="probe-token">
      <Stack gap="sm">
        <Text size="sm">
          Run this command on the machine that will scan. The token works once, until {formatDateTime(token.expires)}; it is not shown
          again.
        </Text>
        <CopyLine label="Command" value={token.command} />
        <CopyLine label="Token" value={token.token} />
      </Stack>
    </Alert>
  );
}
