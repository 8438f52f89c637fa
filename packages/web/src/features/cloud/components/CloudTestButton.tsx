// "Test credentials": asks the provider with the credentials on the form (a saved profile's stored secrets fill the ones
// left empty; a new profile is tested before saving) and shows what came back — accepted or not, the account reached and
// the read permissions a scan needs that were refused.
import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { CLOUD_PROVIDER, type CloudTestResult } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { testCloudCredentials } from '../api/cloud-api.ts';
import { credentialsBody, type CloudProfileValues } from '../cloud-profile-form.ts';

export function CloudTestButton({
  profileId,
  values,
  disabled,
}: {
  profileId: number | null;
  values: CloudProfileValues;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CloudTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function test() {
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await testCloudCredentials(profileId, { provider: CLOUD_PROVIDER[values.provider], credentials: credentialsBody(values) }));
    } catch (error) {
      setFailure(messageOf(error, 'The credentials could not be tested.'));
    } finally {
      setBusy(false);
    }
  }

  const color = result ? (result.ok ? (result.missing_permissions.length ? 'yellow' : 'green') : 'red') : 'red';
  return (
    <Stack gap="sm">
      <Group>
        {/* Not a submit button: the fieldset of a read-only profile disables it with the rest, so it is enabled here. */}
        <Button type="button" variant="default" onClick={() => void test()} loading={busy} disabled={disabled}>
          Test credentials
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {failure && (
          <Alert color="red" variant="light" title="Test failed">
            {failure}
          </Alert>
        )}
        {result && (
          <Alert color={color} variant="light" title={result.ok ? 'Credentials accepted' : 'Credentials refused'}>
            <Stack gap={6}>
              {result.account && <Text size="sm">Account: {result.account}</Text>}
              {result.message && <Text size="sm">{result.message}</Text>}
              {result.missing_permissions.length > 0 ? (
                <>
                  <Text size="sm" fw={600}>
                    Missing permissions ({result.missing_permissions.length})
                  </Text>
                  <List size="sm" aria-label="Missing permissions">
                    {result.missing_permissions.map((p) => (
                      <List.Item key={p}>
                        <Text size="sm" ff="monospace" span>
                          {p}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : (
                result.ok && <Text size="sm">No permission a scan needs is missing.</Text>
              )}
            </Stack>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
