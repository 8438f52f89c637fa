// Single sign-on (SAML) of the customer (superusers): the identity provider given by metadata URL, metadata file, or
// sign-in URL and certificate; signed and encrypted assertions; the e-mail domains that get the login page's button;
// the role of users created at first sign-in and the group-to-role mapping; and Bulwark's own service-provider details
// to hand to the IdP's administrator. Saved with PATCH customer/{id}/ (only `saml`, §5).
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Code,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  ROLE_LABELS,
  SAML_CONFIG_OPTIONS,
  customer as customerSchema,
  type Customer,
  type SamlSettingsInput,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { CUSTOMER_SETTINGS_KEYS, setSessionCustomer } from './customer-settings-api.ts';
import {
  CONFIG_OPTION_LABELS,
  ROLE_CHOICES,
  SAML_FIELDS,
  samlPatch,
  samlValues,
  sendsSaml,
  validateSaml,
  type SamlValues,
} from './saml-form.ts';

const HEADING_ID = 'saml-settings-heading';
const ROLE_DATA = ROLE_CHOICES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** PATCH customer/{id}/ with the SAML setting only: the customer as saved. */
export function updateCustomerSaml(id: number, saml: SamlSettingsInput): Promise<Customer> {
  return api.patch(`customer/${id}/`, { saml }, { schema: customerSchema });
}

export function SamlSettingsCard({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const form = useForm<SamlValues>({ initialValues: samlValues(customer.saml), validate: validateSaml });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: SAML_FIELDS,
    failed: MESSAGES.settings.saveFailed,
    // The server keys SAML's own checks inside `saml` ({saml: {field: [message]}}): onto the fields.
    onFailure(failure) {
      const saml = isApiError(failure) ? (failure.data as { saml?: unknown } | undefined)?.saml : undefined;
      if (!saml || typeof saml !== 'object' || Array.isArray(saml)) return false;
      for (const [field, messages] of Object.entries(saml as Record<string, string[]>)) form.setFieldError(field, messages.join(' '));
      return true;
    },
  });

  async function save(values: SamlValues) {
    if (!sendsSaml(customer, values)) {
      form.resetDirty();
      return;
    }
    const saved = await updateCustomerSaml(customer.id, samlPatch(values));
    queryClient.setQueryData(CUSTOMER_SETTINGS_KEYS.customer, saved);
    setSessionCustomer(queryClient, saved);
    const next = samlValues(saved.saml);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    toastSuccess(MESSAGES.settings.saved);
  }

  async function readFile(file: File | null) {
    form.setFieldValue('idp_metadata_file', file ? { name: file.name, content: await file.text() } : null);
  }

  const v = form.values;
  const sp = customer.saml?.service_provider;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <form ref={container} onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id={HEADING_ID}>
              Single sign-on (SAML)
            </Title>
            <Text size="sm" c="dimmed">
              People of your e-mail domains sign in through your identity provider; it does their second factor.
            </Text>
          </Stack>
          <FormError message={error} />
          <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label="Sign in with SAML" />
          <TextInput
            {...form.getInputProps('idp_name')}
            label="Identity provider name"
            description="Shown on the login page as “Sign in with …”."
            maxLength={100}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="saml-config-option-label">
              How the identity provider is given
            </Text>
            <SegmentedControl
              {...form.getInputProps('config_option')}
              aria-labelledby="saml-config-option-label"
              data={SAML_CONFIG_OPTIONS.map((o) => ({ value: o, label: CONFIG_OPTION_LABELS[o] }))}
            />
          </Stack>
          {v.config_option === 'url' && (
            <TextInput
              {...form.getInputProps('idp_metadata_url')}
              label="Metadata URL"
              description="Bulwark reads the sign-in address and signing certificate from it when you save."
              placeholder="https://idp.example.com/metadata"
            />
          )}
          {v.config_option === 'file' && (
            <Stack gap={4}>
              <FileInput
                label="Metadata file"
                description={v.idp_metadata_file ? `Current: ${v.idp_metadata_file.name}` : 'The XML file your identity provider exports.'}
                accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                placeholder="Choose a file"
                clearable
                error={form.errors.idp_metadata_file}
                onChange={(file) => void readFile(file)}
              />
              {customer.saml?.idp_metadata_file_url && (
                <Anchor href={customer.saml.idp_metadata_file_url} size="sm">
                  Download the saved metadata file
                </Anchor>
              )}
            </Stack>
          )}
          {v.config_option === 'manual' && (
            <>
              <TextInput {...form.getInputProps('idp_login_url')} label="Sign-in URL" placeholder="https://idp.example.com/sso" />
              <Textarea
                {...form.getInputProps('idp_certificate')}
                label="Signing certificate"
                description="The identity provider’s certificate as PEM text."
                autosize
                minRows={3}
                maxRows={10}
                styles={{ input: { fontFamily: 'monospace' } }}
              />
            </>
          )}
          {customer.saml?.idp_entity_id && (
            <Text size="sm">
              Identity provider: <Code>{customer.saml.idp_entity_id}</Code>
            </Text>
          )}
          <Switch
            {...form.getInputProps('want_assertions_signed', { type: 'checkbox' })}
            label="Require signed assertions"
            description="Off: a signed response around an unsigned assertion is taken too. Something must always be signed."
          />
          <Switch
            {...form.getInputProps('want_assertions_encrypted', { type: 'checkbox' })}
            label="Require encrypted assertions"
            description="The identity provider encrypts assertions to Bulwark’s certificate below."
          />
          <TagsInput
            {...form.getInputProps('email_domains')}
            label="E-mail domains"
            description="Addresses of these domains see “Sign in with …” on the login page; only they are signed in through SAML."
            placeholder="example.com"
            splitChars={[',', ' ']}
          />
          <Select
            {...form.getInputProps('default_role')}
            label="Role of new users"
            description="Users are created at their first sign-in with this role unless one of their groups is mapped below."
            data={ROLE_DATA}
            allowDeselect={false}
            w={320}
          />
          <TextInput
            {...form.getInputProps('group_attribute')}
            label="Group attribute"
            description="The assertion attribute with the user’s groups."
            w={320}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Groups to roles
            </Text>
            {v.group_roles.length === 0 ? (
              <Text size="sm" c="dimmed">
                No group is mapped: every new user gets the role above.
              </Text>
            ) : (
              v.group_roles.map((_, i) => (
                <Group key={i} gap="xs" align="flex-start">
                  <TextInput {...form.getInputProps(`group_roles.${i}.group`)} aria-label={`Group ${i + 1}`} placeholder="Group" />
                  <Select
                    {...form.getInputProps(`group_roles.${i}.role`)}
                    aria-label={`Role of group ${i + 1}`}
                    data={ROLE_DATA}
                    allowDeselect={false}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove group ${i + 1}`}
                    onClick={() => form.removeListItem('group_roles', i)}
                    mt={4}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))
            )}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => form.insertListItem('group_roles', { group: '', role: 'security_analyst' })}
              >
                Add a group
              </Button>
            </Group>
          </Stack>
          {sp && (
            <Stack gap={4} data-testid="saml-service-provider">
              <Text size="sm" fw={500}>
                For your identity provider
              </Text>
              <Text size="sm">
                Entity ID: <Code>{sp.entity_id}</Code>
              </Text>
              <Text size="sm">
                Assertion consumer (ACS) URL: <Code>{sp.acs_url}</Code>
              </Text>
              <Text size="sm">
                Metadata: <Anchor href={sp.metadata_url}>{sp.metadata_url}</Anchor>
              </Text>
              <Textarea
                label="Bulwark’s certificate"
                value={sp.certificate}
                readOnly
                autosize
                minRows={3}
                maxRows={6}
                styles={{ input: { fontFamily: 'monospace' } }}
              />
            </Stack>
          )}
          <Group>
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              Save single sign-on
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
