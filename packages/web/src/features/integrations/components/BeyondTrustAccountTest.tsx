// BeyondTrust's "Test a managed account": a managed system and account name, and "Test account", which borrows that
// account through the SAVED settings (POST …/beyondtrust/test-account/) and shows the overall answer and each step —
// passed, failed with the vault's message, or not reached — as a list screen readers read step by step. The password or key
// retrieved is never shown; the server's field errors (400) go onto the fields.
import { useState } from 'react';
import { Alert, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { BeyondTrustTestResult, IntegrationSettings } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import {
  ACCOUNT_TEST_ERROR_FIELDS,
  NEW_ACCOUNT_TEST,
  STEP_STATE_LABELS,
  missingSettingsText,
  stepRows,
  validateAccountTest,
  type AccountTestValues,
  type StepState,
} from '../beyondtrust-test.ts';
import { testBeyondTrustAccount } from '../api/integrations-api.ts';

const HEADING_ID = 'beyondtrust-test-heading';

const STATE_LOOK: Record<StepState, { color: string; mark: string; text?: string }> = {
  passed: { color: 'teal', mark: '✓' },
  failed: { color: 'red', mark: '✗', text: 'red' },
  not_reached: { color: 'gray', mark: '–', text: 'dimmed' },
};

function StepIcon({ state }: { state: StepState }) {
  return (
    <ThemeIcon color={STATE_LOOK[state].color} size={20} radius="xl" variant="light" role="img" aria-label={STEP_STATE_LABELS[state]}>
      <span aria-hidden>{STATE_LOOK[state].mark}</span>
    </ThemeIcon>
  );
}

function TestSteps({ result }: { result: BeyondTrustTestResult }) {
  return (
    <Stack gap="sm" data-testid="beyondtrust-test-result">
      <Alert
        color={result.ok ? 'teal' : 'red'}
        variant="light"
        role={result.ok ? 'status' : 'alert'}
        title={result.ok ? 'The account test passed' : 'The account test failed'}
      >
        {result.detail}
      </Alert>
      <List spacing="xs" listStyleType="none" aria-label="Test steps" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
        {stepRows(result).map((row) => (
          <List.Item key={row.step} icon={<StepIcon state={row.state} />} data-step={row.step} data-state={row.state}>
            <Text size="sm" fw={500} span>
              {row.label}
            </Text>
            <Text size="sm" c={STATE_LOOK[row.state].text}>
              {row.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function BeyondTrustAccountTest({ customerId, settings }: { customerId: number; settings: IntegrationSettings }) {
  const form = useForm<AccountTestValues>({ initialValues: NEW_ACCOUNT_TEST, validate: validateAccountTest });
  const [result, setResult] = useState<BeyondTrustTestResult | null>(null);
  const { busy, error, container, onSubmit } = useFormSubmit(form, run, {
    fields: ACCOUNT_TEST_ERROR_FIELDS,
    failed: 'The account could not be tested.',
    toast: false,
  });
  const missing = missingSettingsText(settings);

  async function run(values: AccountTestValues) {
    setResult(null);
    const input = { system_name: values.system_name.trim(), account_name: values.account_name.trim() };
    setResult(await testBeyondTrustAccount(customerId, input));
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Title order={2} size="h4" id={HEADING_ID}>
          Test a managed account
        </Title>
        <Text size="sm" c="dimmed">
          Bulwark signs in to Password Safe, finds and requests the account, retrieves its password or SSH key (neither shown nor kept),
          checks the request in and signs out, as a scan would. The test uses the saved settings: save your changes above first.
        </Text>
        <form ref={container} onSubmit={onSubmit} noValidate aria-label="Test a managed account">
          <Stack gap="md">
            <FormError message={error} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...form.getInputProps('system_name')}
                label="System name"
                description="The managed system, as Password Safe names it."
                placeholder="db01.example.com"
                withAsterisk
                autoComplete="off"
                spellCheck={false}
              />
              <TextInput
                {...form.getInputProps('account_name')}
                label="Account name"
                description="The managed account on it whose password or key scans borrow."
                placeholder="svc-scan"
                withAsterisk
                autoComplete="off"
                spellCheck={false}
              />
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit" loading={busy} disabled={missing !== null}>
                Test account
              </Button>
              {missing && (
                <Text size="xs" c="dimmed" data-testid="beyondtrust-test-missing">
                  {missing}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
        <div role="status" aria-live="polite">
          {busy && (
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" />
              <Text size="sm">Testing the account in Password Safe…</Text>
            </Group>
          )}
        </div>
        {result && <TestSteps result={result} />}
      </Stack>
    </Card>
  );
}
