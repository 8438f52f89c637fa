// The scan credentials of a profile: Linux and Windows credentials to try (in the order chosen) and one Kubernetes
// credential, picked from GET scan/credentials/ by kind; with a link to the credentials page (a new tab, so the profile
// being edited stays; the choices are asked again when the user comes back). The Linux picker alone serves policy profiles.
import { Alert, Anchor, MultiSelect, Select, SimpleGrid, Text, type MultiSelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { CredentialChoice, ScanAuthOs } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { credentialChoicesOptions } from '../credentials/api/credential-queries.ts';
import { CREDENTIALS_PATH } from '../credentials/credential-form.ts';
import type { ProfileValues } from './profile-form.ts';
import { ProfileFormSection } from './ProfileFormShell.tsx';

interface Option {
  value: string;
  label: string;
}

/** The choices of a kind, plus any chosen id the list does not hold (deleted since, or not visible). */
export function credentialOptions(choices: readonly CredentialChoice[], kind: ScanAuthOs, chosen: readonly string[]): Option[] {
  const options = choices
    .filter((c) => c.kind === kind)
    .map((c) => ({ value: String(c.id), label: c.method === 'vault' ? `${c.name} (vault)` : c.name }));
  const known = new Set(options.map((o) => o.value));
  const missing = chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `Credential ${id} (not found)` }));
  return [...options, ...missing];
}

/** The customer's credentials to pick from, asked again when the window regains focus (after adding one in another tab). */
const choicesQuery = { ...credentialChoicesOptions, refetchOnWindowFocus: true } as const;

/** The Linux credentials multi-select (SSH logins tried in order), fed by GET scan/credentials/; label and description may be changed. */
export function LinuxCredentialsPicker(props: Omit<MultiSelectProps, 'data'>) {
  const { data, error } = useQuery(choicesQuery);
  const loading = !data && !error;
  return (
    <MultiSelect
      label="Linux credentials"
      description="SSH logins, tried in this order until one works."
      nothingFoundMessage="No Linux credential matches"
      searchable
      clearable
      {...props}
      data={credentialOptions(data ?? [], 'linux', props.value ?? [])}
      placeholder={loading ? 'Loading…' : props.placeholder}
    />
  );
}

export function CredentialPickers({ form, readOnly }: { form: UseFormReturnType<ProfileValues>; readOnly: boolean }) {
  const { data, error } = useQuery(choicesQuery);
  const choices = data ?? [];
  const v = form.values;
  const k8s = v.kubernetes_auth === null ? [] : [v.kubernetes_auth];
  const loading = !data && !error;

  return (
    <ProfileFormSection id="credentials-heading" title="Credentials">
      <Text size="sm" c="dimmed">
        With credentials the scan logs in to the hosts it finds, reads their installed packages and reports the patches they miss.{' '}
        <Anchor href={CREDENTIALS_PATH} target="_blank" rel="noopener" size="sm">
          Manage scan credentials (opens in a new tab)
        </Anchor>
      </Text>
      {error && (
        <Alert color="yellow" variant="light" role="alert">
          {messageOf(error, 'The scan credentials could not be loaded.')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LinuxCredentialsPicker {...form.getInputProps('lin_auths')} disabled={readOnly} />
        <MultiSelect
          {...form.getInputProps('win_auths')}
          label="Windows credentials"
          description="SMB logins, tried in this order until one works."
          data={credentialOptions(choices, 'windows', v.win_auths)}
          placeholder={loading ? 'Loading…' : undefined}
          nothingFoundMessage="No Windows credential matches"
          searchable
          clearable
          disabled={readOnly}
        />
        <Select
          {...form.getInputProps('kubernetes_auth')}
          label="Kubernetes credential"
          description="The cluster API token to use."
          data={credentialOptions(choices, 'kubernetes', k8s)}
          placeholder={loading ? 'Loading…' : 'None'}
          nothingFoundMessage="No Kubernetes credential matches"
          searchable
          clearable
          disabled={readOnly}
        />
      </SimpleGrid>
    </ProfileFormSection>
  );
}
