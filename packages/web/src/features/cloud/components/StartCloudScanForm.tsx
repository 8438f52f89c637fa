// The new-cloud-scan form: a name, the cloud profile (cloud/cloud_basics/, named with its provider) and the probe that
// reads the provider's API; creates the scan and starts its first run (POST scan/cscans/).
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { validateRequired, type CloudScan } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { probeOptionsQuery } from '../../scans/scan-queries.ts';
import { createCloudScan, fetchCloudBasics } from '../api/cloud-api.ts';
import { providerLabel } from '../cloud-profile-form.ts';
import { CLOUD_KEYS } from '../cloud-queries.ts';

interface Values {
  name: string;
  profile: string | null;
  node: string;
}

export function StartCloudScanForm({ onCancel, onStarted }: { onCancel(): void; onStarted(scan: CloudScan): void }) {
  const profiles = useQuery({ queryKey: CLOUD_KEYS.basics, queryFn: ({ signal }) => fetchCloudBasics(signal) });
  const probes = useQuery(probeOptionsQuery);
  const form = useForm<Values>({
    initialValues: { name: '', profile: null, node: '-1' },
    validate: {
      name: (v) => validateRequired(v, 'Name'),
      profile: (v) => (v ? null : 'Choose a cloud profile.'),
    },
  });
  const saving = useFormSubmit(
    form,
    async (v) => {
      const scan = await createCloudScan({ name: v.name.trim(), profile: Number(v.profile), node: Number(v.node), start: true });
      toastSuccess('The cloud scan was started.');
      onStarted(scan);
    },
    { fields: ['name', 'profile', 'node'], failed: 'Cannot start the cloud scan.', toast: false },
  );
  const profileData = (profiles.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${providerLabel(p.provider)})` }));
  const probeData = (probes.data ?? [{ id: -1, name: 'External (built-in)' }]).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <form ref={saving.container} onSubmit={saving.onSubmit} noValidate aria-label="New cloud scan">
      <Stack gap="md">
        <FormError message={saving.error} />
        <TextInput {...form.getInputProps('name')} label="Name" required autoComplete="off" data-autofocus />
        <Select
          {...form.getInputProps('profile')}
          label="Cloud profile"
          description="The account to read: its provider, credentials and regions."
          data={profileData}
          required
          searchable
          placeholder={profiles.isPending ? 'Loading profiles…' : profileData.length ? 'Choose a profile' : 'No cloud profiles yet'}
          nothingFoundMessage="No profile matches"
        />
        <Select
          {...form.getInputProps('node')}
          label="Probe"
          description="Where the provider’s API is called from."
          data={probeData}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.busy}>
            Start scan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
