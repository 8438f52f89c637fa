// A template's logo: upload a PNG or JPEG of at most 200 KB (checked before it is read), kept as a data URL, with a
// preview and "Remove logo". Printed on the cover of PDF and HTML reports and at the top of the web view.
import { useId } from 'react';
import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { dataUrlBytes, LOGO_LIMIT_TEXT, LOGO_TYPES, logoFileError, readAsDataUrl } from '../template-format.ts';
import { REPORT_LOGO_MAX_BYTES } from '@bulwark/core';

export interface LogoFieldProps {
  value: string | null;
  onChange(value: string | null): void;
  error?: string | null;
  onError(message: string | null): void;
}

export function LogoField({ value, onChange, error, onError }: LogoFieldProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  async function choose(file: File | null) {
    if (!file) return;
    const problem = logoFileError(file);
    if (problem) {
      onError(problem);
      return;
    }
    try {
      const url = await readAsDataUrl(file);
      if (dataUrlBytes(url) > REPORT_LOGO_MAX_BYTES) {
        onError(`The logo may be at most ${LOGO_LIMIT_TEXT}. Use a smaller image.`);
        return;
      }
      onError(null);
      onChange(url);
    } catch {
      onError('The image could not be read. Choose another file.');
    }
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId}>
        Logo
      </Text>
      <Text size="xs" c="dimmed" id={hintId}>
        A PNG or JPEG image of at most {LOGO_LIMIT_TEXT}, shown at the top of the report.
      </Text>
      <Group gap="sm" align="center">
        {value ? (
          <Paper withBorder p={6}>
            <Image src={value} alt="Current logo" mah={56} maw={200} w="auto" fit="contain" />
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            No logo.
          </Text>
        )}
        <FileButton onChange={(file) => void choose(file)} accept={LOGO_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" size="xs" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
              {value ? 'Replace logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => {
              onChange(null);
              onError(null);
            }}
          >
            Remove logo
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
