// The Test dialog of a credential: choose a host asset or type an address (and a port, if not the credential's own);
// Bulwark logs in from the server, which may take some 20 s while a progress message shows, then says how each step
// went, the overall health and the system it found. Closing the dialog while the test runs cancels the wait.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CREDENTIAL_KIND_LABELS, type CredentialTestResult, type ScanAuthOs } from '@bulwark/core';
import { applyServerErrors } from '../../../components/forms/server-errors.ts';
import { HostPicker } from '../../assets/HostPicker.tsx';
import { testCredential, type ScanCredential } from '../api/credentials-api.ts';
import { NEW_TEST, TEST_ERROR_FIELDS, targetText, testInput, validateTestFor, type TestValues } from '../test-form.ts';
import { TestResult } from './TestResult.tsx';

const TEST_FAILED = 'The credential could not be tested.';

export interface TestCredentialDialogProps {
  kind: ScanAuthOs;
  /** The credential to test; the dialog is closed while null. */
  credential: ScanCredential | null;
  onClose(): void;
}

function TestForm({ kind, credential }: { kind: ScanAuthOs; credential: ScanCredential }) {
  const form = useForm<TestValues>({ initialValues: NEW_TEST, validate: validateTestFor(kind) });
  const cluster = kind === 'kubernetes';
  const apiServer = 'url' in credential ? String(credential.url) : 'its API server';
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<CredentialTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [assetLabel, setAssetLabel] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const defaultPort = 'port' in credential ? credential.port : null;

  async function run(values: TestValues) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setError(null);
    setRunning(cluster ? apiServer : targetText(values, assetLabel));
    try {
      setResult(await testCredential(kind, credential.id, cluster ? {} : testInput(values), controller.signal));
    } catch (failure) {
      if (!controller.signal.aborted) setError(applyServerErrors(form, failure, TEST_ERROR_FIELDS, TEST_FAILED));
    } finally {
      if (abort.current === controller) setRunning(null);
    }
  }

  const busy = running !== null;
  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit((values) => void run(values))} noValidate aria-label="Test the credential">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {cluster
              ? `Bulwark calls the API server ${apiServer} from its server with the token, checks who it authenticates as and whether it may list pods and nodes in every namespace, and tells you which step failed. Nothing in the cluster is changed.`
              : kind === 'windows'
                ? 'Bulwark connects from its server to the host you choose over SMB (port 445), logs in with NTLMv2 and tells you which step failed. Nothing on the host is changed.'
                : 'Bulwark logs in from its server to the host you choose, checks its SSH host key, privileges and system, and tells you which step failed. Nothing on the host is changed.'}
          </Text>
          {!cluster && (
            <>
              <HostPicker
                {...form.getInputProps('asset')}
                onChange={(value, option) => {
                  form.setFieldValue('asset', value);
                  setAssetLabel(option?.label ?? null);
                  if (value !== null) form.setFieldValue('target', '');
                }}
                label="Asset"
                description="A host from your inventory, searched by name or address."
                placeholder="Search hosts"
                clearable
                disabled={busy}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput
                  {...form.getInputProps('target')}
                  onChange={(event) => {
                    form.setFieldValue('target', event.currentTarget.value);
                    if (event.currentTarget.value !== '') form.setFieldValue('asset', null);
                  }}
                  label="Or an address"
                  description="An IP address or host name."
                  placeholder="10.0.0.5"
                  autoComplete="off"
                  spellCheck={false}
                  disabled={busy}
                  style={{ gridColumn: 'span 2' }}
                />
                <NumberInput
                  {...form.getInputProps('port')}
                  label="Port"
                  description={defaultPort !== null ? `Empty: ${defaultPort}.` : 'Empty: the usual port.'}
                  placeholder={defaultPort !== null ? String(defaultPort) : undefined}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  disabled={busy}
                />
              </SimpleGrid>
            </>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Run test
            </Button>
          </Group>
        </Stack>
      </form>
      <div role="status" aria-live="polite">
        {running !== null && (
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm">Testing the credential on {running}… This can take up to 20 seconds.</Text>
          </Group>
        )}
      </div>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {result && <TestResult result={result} />}
    </Stack>
  );
}

export function TestCredentialDialog({ kind, credential, onClose }: TestCredentialDialogProps) {
  return (
    <Modal
      opened={credential !== null}
      onClose={onClose}
      title={credential ? `Test ${CREDENTIAL_KIND_LABELS[kind]} credential “${credential.name}”` : ''}
      size="lg"
    >
      {credential && <TestForm key={credential.id} kind={kind} credential={credential} />}
    </Modal>
  );
}
