// Adds or edits a watched website: its URL and name, the web application it is (optional), how often and how patiently
// to check, what counts as healthy (status, response time, certificate days, keywords that must or must not appear,
// content change), who is told, and on/off. Field errors of the server land on their fields.
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, type WebsiteMonitor } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { websites } from '../api.ts';
import { WEBSITE_ERROR_FIELDS, validateWebsite, websiteFormValues, websiteSave, type WebsiteFormValues } from '../monitor-forms.ts';
import { AssetPicker } from './AssetPicker.tsx';
import { ActiveSwitch, IntervalField, RecipientsFields } from './MonitorFormParts.tsx';

const MESSAGES = crudMessages('website');

export function WebsiteForm({ website, onDone }: { website: WebsiteMonitor | null; onDone(saved?: WebsiteMonitor): void }) {
  const queryClient = useQueryClient();
  const form = useForm<WebsiteFormValues>({ initialValues: websiteFormValues(website), validate: validateWebsite });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: WEBSITE_ERROR_FIELDS,
    failed: website ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });

  async function save(v: WebsiteFormValues) {
    const input = websiteSave(v);
    const saved = website ? await websites.update(website.id, input) : await websites.create(input);
    toastSuccess(website ? MESSAGES.updated : MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: websites.keys.all });
    onDone(saved);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={website ? 'Edit website' : 'Add website'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          {...form.getInputProps('url')}
          label="URL"
          description="The page to check, starting with http:// or https://"
          placeholder="https://www.example.com/"
          required
          data-autofocus
          autoComplete="off"
        />
        <TextInput {...form.getInputProps('name')} label="Name" description="Shown in the list; the URL when empty" />
        <AssetPicker
          {...form.getInputProps('asset')}
          kind="webapp"
          initial={website?.asset ?? null}
          label="Web application"
          description="The web-application asset this website is (optional)"
          placeholder="Search web applications"
          clearable
        />
        <IntervalField form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            {...form.getInputProps('expected_status')}
            label="Expected status"
            description="Empty: any 2xx after redirects"
            min={100}
            max={599}
            allowDecimal={false}
          />
          <NumberInput
            {...form.getInputProps('timeout')}
            label="Timeout (seconds)"
            description="How long to wait for an answer"
            min={1}
            max={60}
            allowDecimal={false}
          />
          <NumberInput
            {...form.getInputProps('slow_ms')}
            label="Slow above (ms)"
            description="A slower answer is a warning"
            min={100}
            max={60000}
            step={100}
            allowDecimal={false}
          />
          <NumberInput
            {...form.getInputProps('cert_days')}
            label="Certificate warning (days)"
            description="Warn this many days before the certificate expires"
            min={1}
            max={365}
            allowDecimal={false}
          />
        </SimpleGrid>
        <TagsInput
          {...form.getInputProps('keywords_required')}
          label="Required keywords"
          description="Text the page must contain. Press Enter after each."
          clearable
        />
        <TagsInput
          {...form.getInputProps('keywords_forbidden')}
          label="Forbidden keywords"
          description="Text the page must never contain, e.g. “hacked” or a database error. Press Enter after each."
          clearable
        />
        <Switch
          {...form.getInputProps('watch_content', { type: 'checkbox' })}
          label="Alert when the content changes"
          description="Tokens, nonces and timestamps are ignored, so a page that only rotates them does not alert."
        />
        <RecipientsFields form={form} />
        <ActiveSwitch form={form} what="website" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {website ? 'Save website' : 'Add website'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
