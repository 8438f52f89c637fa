// Adds or edits a watched mail server: its host asset (the domain is the host's name or address unless given), extra DKIM
// selectors, whether to try an open relay, how often to check, who is told, and on/off. Server field errors land on
// their fields.
import { Button, Group, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, type MailServerMonitor } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { mailServers } from '../api.ts';
import {
  MAIL_SERVER_ERROR_FIELDS,
  mailServerFormValues,
  mailServerSave,
  validateMailServer,
  type MailServerFormValues,
} from '../monitor-forms.ts';
import { AssetPicker } from './AssetPicker.tsx';
import { ActiveSwitch, IntervalField, RecipientsFields } from './MonitorFormParts.tsx';

const MESSAGES = crudMessages('mail_server');

export function MailServerForm({ server, onDone }: { server: MailServerMonitor | null; onDone(saved?: MailServerMonitor): void }) {
  const queryClient = useQueryClient();
  const form = useForm<MailServerFormValues>({ initialValues: mailServerFormValues(server), validate: validateMailServer });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: MAIL_SERVER_ERROR_FIELDS,
    failed: server ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });

  async function save(v: MailServerFormValues) {
    const input = mailServerSave(v);
    const saved = server ? await mailServers.update(server.id, input) : await mailServers.create(input);
    toastSuccess(server ? MESSAGES.updated : MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: mailServers.keys.all });
    onDone(saved);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={server ? 'Edit mail server' : 'Add mail server'}>
      <Stack gap="md">
        <FormError message={error} />
        <AssetPicker
          {...form.getInputProps('asset')}
          kind="host"
          initial={server ? { id: server.asset.id, name: server.asset.name } : null}
          label="Mail server"
          description="The host asset that receives the domain's mail"
          placeholder="Search hosts by name or address"
          required
          data-autofocus
        />
        <TextInput
          {...form.getInputProps('domain')}
          label="Domain"
          description={
            server ? `Empty: ${server.asset.name} (the host's name or address)` : "Empty: the host's name, or its address when it has none"
          }
          placeholder="example.org"
          autoComplete="off"
        />
        <TagsInput
          {...form.getInputProps('dkim_selectors')}
          label="DKIM selectors"
          description="Besides the common ones (default, google, selector1, selector2, k1, dkim, mail, s1, s2). Press Enter after each."
          clearable
        />
        <Switch
          {...form.getInputProps('check_relay', { type: 'checkbox' })}
          label="Check for an open relay"
          description="Asks each MX to take mail from an outside sender to an outside recipient; the session ends before any message is sent."
        />
        <IntervalField form={form} />
        <RecipientsFields form={form} />
        <ActiveSwitch form={form} what="mail server" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {server ? 'Save mail server' : 'Add mail server'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
