// Adds an exception: what to keep out (an address, range, network, host name or URL — the kind is read from the text
// unless chosen), optionally one port, a test or an issue, the reason and an optional expiry. Field errors from the
// server land on their fields.
import { Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  EXCLUSION_KINDS,
  EXCLUSION_KIND_LABELS,
  MESSAGES,
  exclusionKindOf,
  validateExclusionValue,
  type ExclusionKind,
} from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { EXCEPTION_KEYS, createException } from './exceptions-api.ts';

interface ExceptionFormValues {
  value: string;
  /** '' reads the kind from the value. */
  kind: ExclusionKind | '';
  port: number | string;
  test_id: string;
  issue_id: number | string;
  reason: string;
  /** A local date and time (datetime-local), '' for none. */
  expires_at: string;
}

const FIELDS = ['value', 'kind', 'port', 'test_id', 'issue_id', 'reason', 'expires_at'];
const KIND_OPTIONS = [
  { value: '', label: 'Read it from the value' },
  ...EXCLUSION_KINDS.map((k) => ({ value: k, label: EXCLUSION_KIND_LABELS[k] })),
];

export function ExceptionForm({ onDone }: { onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<ExceptionFormValues>({
    initialValues: { value: '', kind: '', port: '', test_id: '', issue_id: '', reason: '', expires_at: '' },
    validate: {
      value: (v, values) =>
        v.trim() === '' ? 'Value is required' : validateExclusionValue(v.trim(), values.kind || exclusionKindOf(v.trim())),
      reason: (v) => (v.trim() === '' ? 'Reason is required' : null),
      expires_at: (v) => (v !== '' && new Date(v).getTime() <= Date.now() ? 'The expiry must be in the future.' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: FIELDS, failed: MESSAGES.exceptions.createFailed });

  async function save(v: ExceptionFormValues) {
    await createException({
      value: v.value.trim(),
      kind: v.kind === '' ? null : v.kind,
      port: v.port === '' ? null : Number(v.port),
      test_id: v.test_id.trim(),
      issue_id: v.issue_id === '' ? null : Number(v.issue_id),
      reason: v.reason.trim(),
      expires_at: v.expires_at === '' ? null : new Date(v.expires_at).toISOString(),
    });
    toastSuccess(MESSAGES.exceptions.created);
    await queryClient.invalidateQueries({ queryKey: EXCEPTION_KEYS.all });
    onDone();
  }

  const detected = form.values.value.trim() === '' ? null : exclusionKindOf(form.values.value.trim());
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Add an exception">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          {...form.getInputProps('value')}
          label="Keep out"
          description="An IP address, a range (10.0.0.1-10.0.0.50), a network (10.0.0.0/24), a host name or a URL"
          required
          data-autofocus
          autoComplete="off"
        />
        <Select
          {...form.getInputProps('kind')}
          label="Kind"
          description={detected && form.values.kind === '' ? `Read as: ${EXCLUSION_KIND_LABELS[detected]}` : undefined}
          data={KIND_OPTIONS}
          allowDeselect={false}
        />
        <Group grow align="flex-start">
          <NumberInput
            {...form.getInputProps('port')}
            label="Port"
            description="Only this port (not for URLs)"
            min={1}
            max={65535}
            allowDecimal={false}
            disabled={(form.values.kind || detected) === 'url'}
          />
          <TextInput {...form.getInputProps('test_id')} label="Test" description="Only this test's findings (its id)" autoComplete="off" />
          <NumberInput
            {...form.getInputProps('issue_id')}
            label="Issue"
            description="Only this issue's findings (its id)"
            min={1}
            allowDecimal={false}
          />
        </Group>
        <Textarea {...form.getInputProps('reason')} label="Reason" required autosize minRows={2} />
        <TextInput
          {...form.getInputProps('expires_at')}
          label="Expires"
          description="Leave empty to keep it until deleted"
          type="datetime-local"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add exception
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
