// Adds a remote probe (name, optional group) and then shows its one-time registration token and command.
import { useRef, useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { createProbe, type ProbeToken } from './probes-api.ts';
import { PROBE_KEYS, probeGroupsOptions } from './probe-queries.ts';
import { addProbeInput, validateAddProbe, type AddProbeValues } from './probe-format.ts';
import { TokenReveal } from './TokenReveal.tsx';

const FAILED = 'Cannot add the probe.';

export function AddProbeForm({ onDone }: { onDone(): void }) {
  const container = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<ProbeToken | null>(null);
  const groups = useQuery(probeGroupsOptions);
  const form = useForm<AddProbeValues>({ initialValues: { name: '', group: null }, validate: validateAddProbe });

  async function submit(values: AddProbeValues) {
    setError(null);
    setBusy(true);
    try {
      const created = await createProbe(addProbeInput(values));
      setToken(created.registration);
      toastSuccess('Probe added.');
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
    } catch (failure) {
      const message = applyServerErrors(form, failure, ['name', 'group'], FAILED);
      setError(message);
      toastFailure(failure, message ?? FAILED);
      focusFirstError(container.current);
    } finally {
      setBusy(false);
    }
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
    <form ref={container} onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))} noValidate aria-label="Add a probe">
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
