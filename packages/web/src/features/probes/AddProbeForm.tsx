// Adds a remote probe (name, optional group) and then shows its one-time registration token and command.
import { useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { createProbe, type ProbeToken } from './probes-api.ts';
import { PROBE_KEYS, probeGroupsOptions } from './probe-queries.ts';
import { addProbeInput, validateAddProbe, type AddProbeValues } from './probe-format.ts';
import { TokenReveal } from './TokenReveal.tsx';

const FAILED = 'Cannot add the probe.';

export function AddProbeForm({ onDone }: { onDone(): void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<ProbeToken | null>(null);
  const groups = useQuery(probeGroupsOptions);
  const form = useForm<AddProbeValues>({ initialValues: { name: '', group: null }, validate: validateAddProbe });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: ['name', 'group'], failed: FAILED });

  async function save(values: AddProbeValues) {
    const created = await createProbe(addProbeInput(values));
    setToken(created.registration);
    toastSuccess('Probe added.');
    await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
  }

  if (token) {
    return (
      <Stack gap="md">
        <TokenReveal token={token} />
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Add a probe">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" data-autofocus autoComplete="off" />
        <Select
          {...form.getInputProps('group')}
          label="Group"
          placeholder="No group"
          data={(groups.data?.results ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add probe
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
