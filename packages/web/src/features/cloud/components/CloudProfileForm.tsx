// The cloud scan profile form: name and description, the provider (its credential fields drawn from core's
// CLOUD_CREDENTIAL_FIELDS; changing it starts the credentials, regions and controls afresh), "Test credentials", the
// regions to scan (cloud/supported-regions/{provider}/; none chosen scans every region) and the controls left out
// (cloud/controls/?provider=).
import { MultiSelect, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { CLOUD_PROVIDER, type CloudProfile, type CloudProviderKey } from '@bulwark/core';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { ProfileFormSection, ProfileFormShell } from '../../profiles/ProfileFormShell.tsx';
import type { ProfileFormProps } from '../../profiles/profile-kind.ts';
import { fetchCloudControls, fetchCloudRegions } from '../api/cloud-api.ts';
import {
  PROVIDER_CHOICES,
  cloudProfileErrorFields,
  emptyCredentials,
  validateCloudProfile,
  type CloudProfileValues,
} from '../cloud-profile-form.ts';
import { CLOUD_KEYS } from '../cloud-queries.ts';
import { CloudCredentialFields } from './CloudCredentialFields.tsx';
import { CloudTestButton } from './CloudTestButton.tsx';

const ERROR_FIELDS = cloudProfileErrorFields();

export function CloudProfileForm({
  initial,
  profile,
  readOnly,
  submitLabel,
  onSubmit,
  failedMessage,
}: ProfileFormProps<CloudProfile, CloudProfileValues>) {
  const form = useForm<CloudProfileValues>({ initialValues: initial, validate: validateCloudProfile });
  const saving = useFormSubmit(form, onSubmit, { fields: ERROR_FIELDS, failed: failedMessage, toast: false });
  const provider = form.values.provider;
  const code = CLOUD_PROVIDER[provider];
  const regions = useQuery({ queryKey: CLOUD_KEYS.regions(provider), queryFn: ({ signal }) => fetchCloudRegions(provider, signal) });
  const controls = useQuery({ queryKey: CLOUD_KEYS.controls(code), queryFn: ({ signal }) => fetchCloudControls(code, signal) });
  // The profile's saved provider keeps its stored secrets; another provider starts without any.
  const sameProvider = profile !== undefined && profile.provider === code;

  function changeProvider(value: string | null) {
    if (!value || value === provider) return;
    const next = value as CloudProviderKey;
    form.setValues({ provider: next, credentials: emptyCredentials(next), regions: [], minus_controls: [], stored: [] });
    form.clearErrors();
  }

  const regionData = (regions.data ?? []).map((r) => ({ value: r.id, label: r.label && r.label !== r.id ? `${r.id} — ${r.label}` : r.id }));
  for (const id of form.values.regions) if (!regionData.some((r) => r.value === id)) regionData.push({ value: id, label: id });
  const controlData = (controls.data ?? []).map((c) => ({ value: c.id, label: c.reference ? `${c.reference} ${c.title}` : c.title }));
  for (const id of form.values.minus_controls) if (!controlData.some((c) => c.value === id)) controlData.push({ value: id, label: id });

  return (
    <ProfileFormShell
      label="Cloud scan profile"
      field={(path) => form.getInputProps(path)}
      saving={saving}
      readOnly={readOnly}
      submitLabel={submitLabel}
      nameRequired
    >
      <ProfileFormSection id="cloud-credentials-heading" title="Provider and credentials">
        <Select
          label="Provider"
          data={PROVIDER_CHOICES}
          value={provider}
          onChange={changeProvider}
          allowDeselect={false}
          required
          error={form.errors.provider}
        />
        <CloudCredentialFields form={form} />
        {!readOnly && <CloudTestButton profileId={sameProvider ? profile.id : null} values={form.values} />}
        <Text size="xs" c="dimmed">
          Credentials are stored sealed and never shown again; a scan only reads through the provider’s API.
        </Text>
      </ProfileFormSection>

      <ProfileFormSection id="cloud-scope-heading" title="Regions and controls">
        <MultiSelect
          {...form.getInputProps('regions')}
          label="Regions"
          description="The regions each scan reads; none chosen scans every region the provider offers."
          data={regionData}
          searchable
          clearable
          placeholder={regions.isPending ? 'Loading regions…' : 'All regions'}
          nothingFoundMessage="No region matches"
        />
        <MultiSelect
          {...form.getInputProps('minus_controls')}
          label="Controls left out"
          description="Benchmark controls this profile does not evaluate."
          data={controlData}
          searchable
          clearable
          placeholder={controls.isPending ? 'Loading controls…' : 'None left out'}
          nothingFoundMessage="No control matches"
        />
      </ProfileFormSection>
    </ProfileFormShell>
  );
}
