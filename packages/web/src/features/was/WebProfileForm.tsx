// The web scan profile form: name and description, the crawl (limits, the headless browser, destructive links), the
// scope (path prefixes, other hosts, include and exclude patterns, headers), the sign-in, the tests (passive only, plus
// and minus lists) and the sensitive-content search (sc_ss_countries). The plain fields are said once as data (CRAWL_LIMITS,
// CRAWL_SWITCHES, SCOPE_LISTS) and drawn by one loop each.
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

/** A field of the form said as data: its value's path and what its input shows. */
interface FieldSpec<P extends keyof WebProfileValues> {
  path: P;
  label: string;
  description?: string;
  placeholder?: string;
}

/** The crawl's limits, each a number between min and max. */
const CRAWL_LIMITS: (FieldSpec<'max_urls' | 'max_depth' | 'max_duration' | 'requests_per_second' | 'parallel_requests'> & {
  min: number;
  max: number;
})[] = [
  { path: 'max_urls', label: 'Most URLs', min: 1, max: 100000, description: 'The scan stops with “max urls reached”.' },
  { path: 'max_depth', label: 'Most link depth', min: 1, max: 50, description: 'Links followed from the start page.' },
  { path: 'max_duration', label: 'Most run time (minutes)', min: 1, max: 1440, description: 'The scan stops with “run time exceeded”.' },
  { path: 'requests_per_second', label: 'Requests per second', min: 1, max: 1000, description: 'All parallel requests together.' },
  { path: 'parallel_requests', label: 'Parallel requests', min: 1, max: 64 },
];

/** The crawl's on/off settings; destructive links are red as the warning under them is. */
const CRAWL_SWITCHES: (FieldSpec<'browser' | 'allow_destructive'> & { color?: string })[] = [
  {
    path: 'browser',
    label: 'Crawl with a headless browser',
    description: 'Runs the pages’ JavaScript, follows client-side routes and fires events: needed for single-page applications; slower.',
  },
  {
    path: 'allow_destructive',
    label: 'Follow destructive links and forms',
    description: 'Off, the crawl skips what destroys state — logout, delete, reset, clear, unsubscribe — and lists what it skipped.',
    color: 'red',
  },
];

/** The scope's lists, each entered as tags. */
const SCOPE_LISTS: FieldSpec<'path_prefixes' | 'extra_hosts' | 'scope_include' | 'scope_exclude'>[] = [
  {
    path: 'path_prefixes',
    label: 'Path prefixes',
    description: 'The crawl stays under these paths (default: the start URL’s folder). Press Enter after each.',
    placeholder: '/app/',
  },
  {
    path: 'extra_hosts',
    label: 'Other hosts in scope',
    description: 'Host names (optionally with :port) besides the application’s own.',
    placeholder: 'api.example.com',
  },
  {
    path: 'scope_include',
    label: 'Include patterns',
    description: 'Regular expressions over the full URL: when given, a URL must match one.',
  },
  {
    path: 'scope_exclude',
    label: 'Exclude patterns',
    description: 'Regular expressions over the full URL: a matching URL is never requested.',
    placeholder: '/admin/backup',
  },
];

export function WebProfileForm({
  initial,
  readOnly,
  submitLabel,
  onSubmit,
  failedMessage,
}: ProfileFormProps<WebProfile, WebProfileValues>) {
  const form = useForm<WebProfileValues>({ initialValues: initial, validate: validateWebProfile });
  const saving = useFormSubmit(form, onSubmit, { fields: WEB_PROFILE_FIELDS, failed: failedMessage, toast: false });

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
          {CRAWL_LIMITS.map(({ path, ...field }) => (
            <NumberInput key={path} {...form.getInputProps(path)} {...field} />
          ))}
        </SimpleGrid>
        {CRAWL_SWITCHES.map(({ path, ...field }) => (
          <Switch key={path} {...form.getInputProps(path, { type: 'checkbox' })} {...field} />
        ))}
        {form.values.allow_destructive && (
          <Alert color="red" variant="light" role="alert" title="The scan may change or delete data">
            With this on, the scan submits delete, reset and similar forms and may sign itself out. Use it only on a test copy of the
            application.
          </Alert>
        )}
      </ProfileFormSection>

      <ProfileFormSection id="web-scope-heading" title="Scope">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SCOPE_LISTS.map(({ path, ...field }) => (
            <TagsInput key={path} {...form.getInputProps(path)} {...field} />
          ))}
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
