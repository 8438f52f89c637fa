// The web scan profile form: name and description, the crawl (limits, the headless browser, destructive links), the
// scope (path prefixes, other hosts, include and exclude patterns, headers), the sign-in, the tests (passive only, plus
// and minus lists) and the sensitive-content search (sc_ss_countries).
import { Alert, NumberInput, SimpleGrid, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { ProfileFormSection, ProfileFormShell } from '../profiles/ProfileFormShell.tsx';
import type { ProfileFormProps } from '../profiles/profile-kind.ts';
import type { WebProfile } from '@bulwark/core';
import { SensitiveCountriesField } from './components/SensitiveCountriesField.tsx';
import { WebAuthFields } from './components/WebAuthFields.tsx';
import { WebTestSelection } from './components/WebTestSelection.tsx';
import { WEB_PROFILE_FIELDS, validateWebProfile, type WebProfileValues } from './web-profile-form.ts';

export function WebProfileForm({
  initial,
  readOnly,
  submitLabel,
  onSubmit,
  failedMessage,
}: ProfileFormProps<WebProfile, WebProfileValues>) {
  const form = useForm<WebProfileValues>({ initialValues: initial, validate: validateWebProfile });
  const saving = useFormSubmit(form, onSubmit, { fields: WEB_PROFILE_FIELDS, failed: failedMessage, toast: false });
  const number = (path: keyof WebProfileValues) => form.getInputProps(path);

  return (
    <ProfileFormShell
      label="Web scan profile"
      field={(path) => form.getInputProps(path)}
      saving={saving}
      readOnly={readOnly}
      submitLabel={submitLabel}
      nameRequired
    >
      <ProfileFormSection id="web-crawl-heading" title="Crawl">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            {...number('max_urls')}
            label="Most URLs"
            min={1}
            max={100000}
            description="The scan stops with “max urls reached”."
          />
          <NumberInput
            {...number('max_depth')}
            label="Most link depth"
            min={1}
            max={50}
            description="Links followed from the start page."
          />
          <NumberInput
            {...number('max_duration')}
            label="Most run time (minutes)"
            min={1}
            max={1440}
            description="The scan stops with “run time exceeded”."
          />
          <NumberInput
            {...number('requests_per_second')}
            label="Requests per second"
            min={1}
            max={1000}
            description="All parallel requests together."
          />
          <NumberInput {...number('parallel_requests')} label="Parallel requests" min={1} max={64} />
        </SimpleGrid>
        <Switch
          {...form.getInputProps('browser', { type: 'checkbox' })}
          label="Crawl with a headless browser"
          description="Runs the pages’ JavaScript, follows client-side routes and fires events: needed for single-page applications; slower."
        />
        <Switch
          {...form.getInputProps('allow_destructive', { type: 'checkbox' })}
          label="Follow destructive links and forms"
          description="Off, the crawl skips what destroys state — logout, delete, reset, clear, unsubscribe — and lists what it skipped."
          color="red"
        />
        {form.values.allow_destructive && (
          <Alert color="red" variant="light" role="alert" title="The scan may change or delete data">
            With this on, the scan submits delete, reset and similar forms and may sign itself out. Use it only on a test copy of the
            application.
          </Alert>
        )}
      </ProfileFormSection>

      <ProfileFormSection id="web-scope-heading" title="Scope">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagsInput
            {...form.getInputProps('path_prefixes')}
            label="Path prefixes"
            description="The crawl stays under these paths (default: the start URL’s folder). Press Enter after each."
            placeholder="/app/"
          />
          <TagsInput
            {...form.getInputProps('extra_hosts')}
            label="Other hosts in scope"
            description="Host names (optionally with :port) besides the application’s own."
            placeholder="api.example.com"
          />
          <TagsInput
            {...form.getInputProps('scope_include')}
            label="Include patterns"
            description="Regular expressions over the full URL: when given, a URL must match one."
          />
          <TagsInput
            {...form.getInputProps('scope_exclude')}
            label="Exclude patterns"
            description="Regular expressions over the full URL: a matching URL is never requested."
            placeholder="/admin/backup"
          />
        </SimpleGrid>
        <TextInput {...form.getInputProps('user_agent')} label="User agent" placeholder="Bulwark web scanner" />
        <Textarea
          {...form.getInputProps('headers')}
          label="Extra headers"
          description="Sent with every request, one per line as “Name: value”."
          autosize
          minRows={2}
          ff="monospace"
        />
      </ProfileFormSection>

      <ProfileFormSection id="web-auth-heading" title="Authentication">
        <WebAuthFields form={form} />
      </ProfileFormSection>

      <ProfileFormSection id="web-tests-heading" title="Tests">
        <WebTestSelection form={form} />
      </ProfileFormSection>

      <ProfileFormSection id="web-sensitive-heading" title="Sensitive content">
        <SensitiveCountriesField
          value={form.values.sc_ss_countries}
          onChange={(countries) => form.setFieldValue('sc_ss_countries', countries)}
          error={form.errors.sc_ss_countries as string | undefined}
        />
      </ProfileFormSection>
    </ProfileFormShell>
  );
}
