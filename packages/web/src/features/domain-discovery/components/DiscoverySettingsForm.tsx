// The settings of domain asset discovery (PUT app1/customer/{id}/domain-asset-discovery/): on or off, the domains one
// per line, how many common names to guess, zone transfers and certificate names from scans on or off, the
// certificate-transparency source, and the DNS server to ask. The server's field errors go onto the fields.
import { Button, Card, Grid, Group, NumberInput, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { DOMAIN_WORDLISTS, DOMAIN_WORDLIST_LABELS, formatDateTime, type DomainDiscoverySettings } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { DISCOVERY_KEYS, saveDiscoverySettings } from '../api/domain-discovery-api.ts';
import {
  CRT_SH_URL,
  DISCOVERY_ERROR_FIELDS,
  discoveryInput,
  discoveryValues,
  validateDiscovery,
  type DiscoveryValues,
} from '../discovery-form.ts';

const HEADING_ID = 'discovery-settings-heading';

export function DiscoverySettingsForm({ customerId, settings }: { customerId: number; settings: DomainDiscoverySettings }) {
  const queryClient = useQueryClient();
  const form = useForm<DiscoveryValues>({ initialValues: discoveryValues(settings), validate: validateDiscovery });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: DISCOVERY_ERROR_FIELDS,
    failed: 'Cannot save the domain asset discovery settings.',
  });

  async function save(values: DiscoveryValues) {
    const saved = await saveDiscoverySettings(customerId, discoveryInput(values));
    queryClient.setQueryData(DISCOVERY_KEYS.settings(customerId), saved);
    const next = discoveryValues(saved);
    form.setValues(next);
    form.setInitialValues(next);
    form.resetDirty(next);
    toastSuccess('Domain asset discovery settings saved.');
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <form ref={container} onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} size="h4" id={HEADING_ID}>
              Discovery settings
            </Title>
            <Text size="sm" c="dimmed" data-testid="last-saved">
              {settings.updated_at ? `Last saved ${formatDateTime(settings.updated_at)}` : 'Not saved yet.'}
            </Text>
          </Group>
          <FormError message={error} />
          <Switch
            {...form.getInputProps('enabled', { type: 'checkbox' })}
            label="Discover host names of these domains"
            description="While off, no discovery run can start."
          />
          <Textarea
            {...form.getInputProps('domains')}
            label="Domains"
            description="Your organisation's domains, one per line (such as example.com). Every name found under them is offered as an asset."
            autosize
            minRows={3}
            maxRows={10}
            spellCheck={false}
            withAsterisk={form.values.enabled}
          />
          <Select
            {...form.getInputProps('wordlist')}
            label="Common names to try"
            description="Names such as www, mail and vpn are looked up under each domain; a larger list finds more and sends more DNS queries."
            data={DOMAIN_WORDLISTS.map((w) => ({ value: w, label: DOMAIN_WORDLIST_LABELS[w] }))}
            allowDeselect={false}
          />
          <Switch
            {...form.getInputProps('zone_transfer', { type: 'checkbox' })}
            label="Ask each name server for a zone transfer"
            description="A name server that allows it lists every name of the zone at once; most refuse, which the run reports."
          />
          <Switch
            {...form.getInputProps('scan_certificates', { type: 'checkbox' })}
            label="Use the names on certificates your scans have seen"
            description="Subject alternative names and common names of TLS certificates found by network scans."
          />
          <TextInput
            {...form.getInputProps('url')}
            label="Certificate-transparency source"
            description={`A service answering as crt.sh does (…?q=%.example.com&output=json). Empty: not asked. Your domains are sent to it.`}
            placeholder={CRT_SH_URL}
            type="url"
            autoComplete="off"
            spellCheck={false}
            rightSectionWidth={110}
            rightSection={
              form.values.url ? null : (
                <Button size="compact-xs" variant="light" onClick={() => form.setFieldValue('url', CRT_SH_URL)}>
                  Use crt.sh
                </Button>
              )
            }
          />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                {...form.getInputProps('host')}
                label="DNS server"
                description="The address of the DNS server to ask (an internal one sees internal names). Empty: this server's own resolvers."
                placeholder="192.0.2.53"
                autoComplete="off"
                spellCheck={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                {...form.getInputProps('port')}
                label="Port"
                description="53 unless your server listens elsewhere."
                placeholder="53"
                min={1}
                max={65535}
                allowDecimal={false}
                disabled={form.values.host.trim() === ''}
              />
            </Grid.Col>
          </Grid>
          <Group>
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
