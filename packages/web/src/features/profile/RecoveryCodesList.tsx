// The ten recovery codes, shown once right after they are made: copy them all or download them as a text file.
import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { downloadText } from '../../components/download.ts';

const FILE_NAME = 'bulwark-recovery-codes.txt';

/** The codes as the text file holds them: a heading, then one code a line. */
export function recoveryCodesText(email: string, codes: readonly string[]): string {
  return [`Bulwark recovery codes for ${email}`, 'Each code signs you in once in place of the one-time code.', '', ...codes, ''].join('\n');
}

const download = (text: string): void => downloadText(text, FILE_NAME);

export function RecoveryCodesList({ email, codes, onDone }: { email: string; codes: readonly string[]; onDone(): void }) {
  const text = recoveryCodesText(email, codes);
  return (
    <Stack gap="sm" data-testid="recovery-codes" role="region" aria-label="Save your recovery codes">
      <Alert color="yellow" title="Save your recovery codes">
        If you lose your phone or authenticator app, each of these codes signs you in once. They are shown only now: copy or download them
        and keep them somewhere safe.
      </Alert>
      <List ff="monospace" fz="sm" spacing={2} listStyleType="none" aria-label="Recovery codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={() => download(text)}>
          Download as text
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Each code works once. Make new ones any time under Recovery codes; the old ones then stop working.
      </Text>
    </Stack>
  );
}
