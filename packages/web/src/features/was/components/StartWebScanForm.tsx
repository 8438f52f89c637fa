// The form that starts a web or discovery scan: the web applications (web-application assets), full scan or discovery
// (crawl only), the profile (a discovery scan may go without), virtual hosts to try, and the name. On success it hands
// over the new scan's first run, whose page the caller opens.
import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, MultiSelect, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { scanProfilesPath, WEB_SCAN_KIND, type WebScan } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { createWebScan, fetchWebAppChoices, fetchWebProfileChoices, type WebAppChoice } from '../api/web-scans-api.ts';
import { WEB_KEYS } from '../web-queries.ts';

export interface StartWebScanValues {
  name: string;
  assets: string[];
  mode: 'full' | 'discovery';
  profile: string | null;
  vhosts: string[];
}

const FIELDS = ['name', 'assets', 'profile', 'vhosts'] as const;

export function validateStartWebScan(values: StartWebScanValues): Partial<Record<keyof StartWebScanValues, string>> {
  const errors: Partial<Record<keyof StartWebScanValues, string>> = {};
  if (values.assets.length === 0) errors.assets = 'Choose at least one web application.';
  if (values.mode === 'full' && !values.profile) errors.profile = 'Choose a profile.';
  return errors;
}

/** The scan's name when none is typed: 'Web scan of shop.example.com' (or 'of 3 web applications'). */
export function defaultScanName(values: StartWebScanValues, apps: readonly WebAppChoice[]): string {
  const noun = values.mode === 'discovery' ? 'Discovery scan' : 'Web scan';
  if (values.assets.length !== 1) return `${noun} of ${values.assets.length} web applications`;
  const app = apps.find((a) => String(a.id) === values.assets[0]);
  let host = app?.name ?? 'web application';
  try {
    if (app?.url) host = new URL(app.url).host;
  } catch {
    // The name stands in for a URL that does not parse.
  }
  return `${noun} of ${host}`;
}

export interface StartWebScanFormProps {
  /** Web-application asset ids chosen beforehand (start/{assetId}). */
  assets?: number[];
  onStarted(scan: WebScan): void;
  onCancel?(): void;
}

export function StartWebScanForm({ assets = [], onStarted, onCancel }: StartWebScanFormProps) {
  const apps = useQuery({ queryKey: [...WEB_KEYS.webapps, 'choices'], queryFn: ({ signal }) => fetchWebAppChoices(signal) });
  const profiles = useQuery({ queryKey: [...WEB_KEYS.profiles, 'choices'], queryFn: ({ signal }) => fetchWebProfileChoices(signal) });
  const form = useForm<StartWebScanValues>({
    initialValues: { name: '', assets: assets.map(String), mode: 'full', profile: null, vhosts: [] },
    validate: validateStartWebScan,
  });
  // The first built-in profile that tests (Standard) is the default once the profiles are in.
  const firstProfile = profiles.data?.[0]?.id;
  const { setFieldValue } = form;
  const chosen = form.values.profile;
  useEffect(() => {
    if (firstProfile !== undefined && chosen === null) setFieldValue('profile', String(firstProfile));
    // Only when the profiles arrive: a profile cleared on purpose (discovery) stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstProfile]);

  async function start(values: StartWebScanValues) {
    const discovery = values.mode === 'discovery';
    const scan = await createWebScan({
      name: values.name.trim() || defaultScanName(values, apps.data ?? []),
      assets: values.assets.map(Number),
      profile: values.profile ? Number(values.profile) : null,
      vhosts: values.vhosts,
      discovery,
      start: true,
    });
    onStarted(scan);
  }
  const saving = useFormSubmit(form, start, {
    fields: FIELDS,
    failed: 'Cannot start the web scan.',
    toast: false,
  });

  const appOptions = (apps.data ?? []).map((a) => ({ value: String(a.id), label: a.name === a.url ? a.url : `${a.name} — ${a.url}` }));
  const profileOptions = (profiles.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.name}${p.builtin ? ' (built-in)' : ''}${p.passive_only ? ' · passive only' : ''}`,
  }));
  const discovery = form.values.mode === 'discovery';

  return (
    <form ref={saving.container} onSubmit={saving.onSubmit} noValidate aria-label="Start web scan">
      <Stack gap="md">
        <FormError message={saving.error} />
        {(apps.error || profiles.error) && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(apps.error ?? profiles.error, 'The web applications or profiles could not be loaded.')}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="web-scan-mode-label">
            What to do
          </Text>
          <SegmentedControl
            {...form.getInputProps('mode')}
            aria-labelledby="web-scan-mode-label"
            data={[
              { value: 'full', label: 'Full scan' },
              { value: 'discovery', label: 'Discovery only' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {discovery
              ? 'Crawl only: the site map, forms and parameters, technologies and virtual hosts. No test sends a payload.'
              : 'Crawl, then run the profile’s tests on every page, form and parameter found.'}
          </Text>
        </Stack>
        <MultiSelect
          {...form.getInputProps('assets')}
          label="Web applications"
          required
          searchable
          data={appOptions}
          placeholder={apps.isPending ? 'Loading…' : 'Choose web applications'}
          nothingFoundMessage="No web application matches. Add one on the assets page."
        />
        <Select
          {...form.getInputProps('profile')}
          label="Profile"
          required={!discovery}
          data={profileOptions}
          placeholder={profiles.isPending ? 'Loading…' : 'Choose a profile'}
          description={
            <>
              {discovery ? 'Its limits, scope and sign-in apply to the crawl. ' : 'Limits, scope, sign-in and tests. '}
              <Anchor component={Link} to={scanProfilesPath(WEB_SCAN_KIND)} size="xs">
                Web scan profiles
              </Anchor>
            </>
          }
          allowDeselect={discovery}
        />
        <TagsInput
          {...form.getInputProps('vhosts')}
          label="Virtual hosts to try"
          description="Host names tried on each application’s address (Host header); each that answers with a site of its own is crawled too. Press Enter after each."
          placeholder="admin.shop.example.com"
        />
        <TextInput {...form.getInputProps('name')} label="Scan name" placeholder={defaultScanName(form.values, apps.data ?? [])} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving.busy}>
            {discovery ? 'Start discovery' : 'Start scan'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
