// Makes an API token for the signed-in user: a name, an expiry (7, 30, 90 days, a year or a chosen day; never
// "no expiry"), a rate limit, and a checklist of permissions limited to the user's own. Server field errors land on
// their fields; on success the parent shows the secret, once.
import { Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_TOKEN_DEFAULT_RATE_LIMIT,
  API_TOKEN_MAX_RATE_LIMIT,
  MESSAGES,
  PERMISSION_ACTIONS,
  type ApiTokenCreated,
  type PermissionResource,
  type UserProfile,
} from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { ACTION_LABELS, RESOURCE_LABELS } from '../../../components/permission-labels.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { PUBLIC_API_KEYS, createToken } from '../api/public-api-api.ts';
import { EXPIRY_CHOICES, customDateProblem, expiryOf, grantable, toggle, type ExpiryChoice, type Grant } from '../public-api-form.ts';

interface TokenFormValues {
  name: string;
  expiry: ExpiryChoice;
  custom_date: string;
  rate_limit: number | string;
  permissions: Grant;
}

/** Server fields → form fields: an expiry the server refuses is said on the expiry choice. */
const FIELDS = { name: 'name', rate_limit: 'rate_limit', expires_at: 'expiry', permissions: 'permissions' } as const;

export function TokenForm({
  profile,
  now,
  onCreated,
  onCancel,
}: {
  profile: Pick<UserProfile, 'is_superuser' | 'customer_admin' | 'permissions'>;
  now: () => Date;
  onCreated(token: ApiTokenCreated): void;
  onCancel(): void;
}) {
  const queryClient = useQueryClient();
  const own = grantable(profile);
  const resources = Object.keys(own) as PermissionResource[];
  const form = useForm<TokenFormValues>({
    initialValues: { name: '', expiry: '30', custom_date: '', rate_limit: API_TOKEN_DEFAULT_RATE_LIMIT, permissions: {} },
    validate: {
      name: (v) => (v.trim() === '' ? 'Give the token a name that says what uses it.' : null),
      custom_date: (v, values) => (values.expiry === 'custom' ? customDateProblem(v, now()) : null),
      rate_limit: (v) =>
        typeof v !== 'number' || v < 1 || v > API_TOKEN_MAX_RATE_LIMIT ? `Enter 1 to ${API_TOKEN_MAX_RATE_LIMIT} requests a minute.` : null,
      permissions: (v) => (Object.keys(v).length === 0 ? 'Choose at least one permission.' : null),
    },
  });
  const grant = form.values.permissions;
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: MESSAGES.publicApi.tokenCreateFailed,
  });

  async function save(v: TokenFormValues) {
    const created = await createToken({
      name: v.name.trim(),
      expires_at: expiryOf(v.expiry, v.custom_date, now())!,
      permissions: v.permissions,
      rate_limit: Number(v.rate_limit),
    });
    toastSuccess(MESSAGES.publicApi.tokenCreated);
    await queryClient.invalidateQueries({ queryKey: PUBLIC_API_KEYS.all });
    onCreated(created);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Generate a token">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          {...form.getInputProps('name')}
          label="Name"
          description="What uses it, e.g. “Nightly export to the SIEM”."
          required
          data-autofocus
          autoComplete="off"
        />
        <Group align="flex-start" grow>
          <Select
            {...form.getInputProps('expiry')}
            label="Expires"
            data={EXPIRY_CHOICES}
            allowDeselect={false}
            description="Every token expires; make a new one when it does."
          />
          {form.values.expiry === 'custom' && <TextInput {...form.getInputProps('custom_date')} label="Expiry date" type="date" required />}
        </Group>
        <NumberInput
          {...form.getInputProps('rate_limit')}
          label="Requests a minute"
          description="Beyond this the token is answered 429 with Retry-After until the minute ends."
          min={1}
          max={API_TOKEN_MAX_RATE_LIMIT}
          allowDecimal={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="token-permissions-label">
            Permissions
          </Text>
          <Text size="xs" c="dimmed">
            Only your own permissions can be given, and the token loses any you lose later. Administration (users, teams, integrations,
            tokens) is never given to a token.
          </Text>
          {resources.length === 0 ? (
            <Text size="sm">You hold no permission a token could carry.</Text>
          ) : (
            <Table aria-labelledby="token-permissions-label" withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Area</Table.Th>
                  {PERMISSION_ACTIONS.map((a) => (
                    <Table.Th key={a}>{ACTION_LABELS[a]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {resources.map((r) => (
                  <Table.Tr key={r}>
                    <Table.Td>{RESOURCE_LABELS[r]}</Table.Td>
                    {PERMISSION_ACTIONS.map((a) => (
                      <Table.Td key={a}>
                        {own[r]?.includes(a) ? (
                          <Checkbox
                            aria-label={`${ACTION_LABELS[a]} ${RESOURCE_LABELS[r]}`}
                            checked={grant[r]?.includes(a) ?? false}
                            onChange={(e) => form.setFieldValue('permissions', toggle(grant, r, a, e.currentTarget.checked))}
                          />
                        ) : null}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {form.errors.permissions && (
            <Text size="sm" c="red" role="alert" data-error-for="permissions">
              {form.errors.permissions}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Generate token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
