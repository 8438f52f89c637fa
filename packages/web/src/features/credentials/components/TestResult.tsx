// The answer of a credential test: the overall health (coloured, with core's label), the system found, and each step
// with whether it passed and what happened.
import { Badge, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CredentialTestResult } from '@bulwark/core';
import { healthColor, healthLabel, TEST_STEP_LABELS } from '../credential-format.ts';

function StepIcon({ ok }: { ok: boolean }) {
  return (
    <ThemeIcon color={ok ? 'teal' : 'red'} size={20} radius="xl" variant="light" aria-label={ok ? 'Passed' : 'Failed'} role="img">
      <span aria-hidden>{ok ? '✓' : '✗'}</span>
    </ThemeIcon>
  );
}

export function TestResult({ result }: { result: CredentialTestResult }) {
  return (
    <Stack gap="sm" data-testid="credential-test-result">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          Result
        </Text>
        <Badge color={healthColor(result.health)} variant="light" size="lg">
          {healthLabel(result.health)}
        </Badge>
        <Text size="sm" c="dimmed" ff="monospace">
          {result.target}:{result.port}
        </Text>
      </Group>
      {result.os && (
        <Text size="sm">
          <Text span fw={500}>
            System:{' '}
          </Text>
          {result.os}
        </Text>
      )}
      <List spacing="xs" listStyleType="none" aria-label="Test steps" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
        {result.steps.map((step) => (
          <List.Item key={step.step} icon={<StepIcon ok={step.ok} />} data-step={step.step} data-ok={step.ok}>
            <Text size="sm" fw={500} span>
              {TEST_STEP_LABELS[step.step]}
            </Text>
            <Text size="sm" c={step.ok ? undefined : 'red'}>
              {step.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
