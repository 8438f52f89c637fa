// Adds an asset (a host's address or name, a network, an IP range or a web application URL) or changes one: name,
// description, business criticality and the flags a user decides (internet-facing, server, PCI scope). Server field
// errors land on their fields; a duplicate answers 409 on the value.
import { Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, validateAssetValue, type Asset } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { ASSET_KEYS, createAsset, updateAsset } from './assets-api.ts';
import { CRITICALITY_OPTIONS } from './asset-format.ts';

interface AssetFormValues {
  value: string;
  name: string;
  description: string;
  criticality: string;
  internet_facing: boolean;
  is_server: boolean;
  pci: boolean;
}

const FIELDS = ['value', 'name', 'description', 'criticality', 'internet_facing', 'is_server', 'pci'];

export function AssetForm({ asset, onDone }: { asset?: Asset; onDone(saved?: Asset): void }) {
  const queryClient = useQueryClient();
  const form = useForm<AssetFormValues>({
    initialValues: {
      value: asset?.value ?? '',
      name: asset?.name ?? '',
      description: asset?.description ?? '',
      criticality: String(asset?.criticality ?? 2),
      internet_facing: asset?.internet_facing ?? false,
      is_server: asset?.is_server ?? false,
      pci: asset?.pci ?? false,
    },
    validate: {
      value: (v) => (v.trim() === '' ? 'Value is required' : validateAssetValue(v.trim())),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: asset ? MESSAGES.assets.updateFailed : MESSAGES.assets.createFailed,
  });

  async function save(values: AssetFormValues) {
    const common = {
      name: values.name,
      description: values.description,
      criticality: Number(values.criticality),
      pci: values.pci,
      is_server: values.is_server,
    };
    const saved = asset
      ? await updateAsset(asset.id, {
          ...common,
          ...(values.value.trim() !== asset.value ? { value: values.value.trim() } : {}),
          internet_facing: values.internet_facing,
        })
      : // A new asset's exposure follows its address unless the user ticked the box.
        await createAsset({ ...common, value: values.value.trim(), ...(values.internet_facing ? { internet_facing: true } : {}) });
    toastSuccess(asset ? 'Asset updated.' : MESSAGES.assets.created);
    await queryClient.invalidateQueries({ queryKey: ASSET_KEYS.all });
    onDone(saved);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={asset ? 'Edit asset' : 'Add an asset'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          {...form.getInputProps('value')}
          label="Asset"
          description="An IP address or host name, a network (10.0.0.0/24), an IP range (10.0.0.1-10.0.0.50) or a web application URL"
          required
          data-autofocus
          autoComplete="off"
          disabled={asset !== undefined && asset.first_detected !== null && asset.kind === 'host'}
        />
        <TextInput {...form.getInputProps('name')} label="Name" autoComplete="off" />
        <Textarea {...form.getInputProps('description')} label="Description" autosize minRows={2} />
        <Select {...form.getInputProps('criticality')} label="Business criticality" data={[...CRITICALITY_OPTIONS]} allowDeselect={false} />
        <Group gap="lg">
          <Checkbox {...form.getInputProps('internet_facing', { type: 'checkbox' })} label="Internet-facing" />
          <Checkbox {...form.getInputProps('is_server', { type: 'checkbox' })} label="Server" />
          <Checkbox {...form.getInputProps('pci', { type: 'checkbox' })} label="In PCI scope" />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {asset ? 'Save' : 'Add asset'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
