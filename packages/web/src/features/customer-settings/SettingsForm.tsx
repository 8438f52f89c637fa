// The customer's settings (superusers): lifecycle management and its period, risk-acceptance approval, the minimum
// quality of detection and the blackout window, saved with PATCH customer/{id}/; the saved customer goes into the page and the session, the server's field
// errors onto the fields.
import { Button, Card, Group, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, QOD_DEFAULT_MIN, QOD_OF_TYPE, QOD_RANGE, type Customer } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { browserTimeZone } from '../reports/report-format.ts';
import { BlackoutFields } from './BlackoutFields.tsx';
import { CUSTOMER_SETTINGS_KEYS, setSessionCustomer, updateCustomerSettings } from './customer-settings-api.ts';
import {
  SETTINGS_ERROR_FIELDS,
  lifecycleOptions,
  settingsPatch,
  settingsValues,
  validateSettings,
  type SettingsValues,
} from './settings-form.ts';

const HEADING_ID = 'customer-settings-heading';

export function SettingsForm({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const form = useForm<SettingsValues>({
    initialValues: settingsValues(customer, browserTimeZone()),
    validate: (values) => validateSettings(customer, values),
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: SETTINGS_ERROR_FIELDS,
    failed: MESSAGES.settings.saveFailed,
  });

  async function save(values: SettingsValues) {
    const saved = await updateCustomerSettings(customer.id, settingsPatch(customer, values));
    queryClient.setQueryData(CUSTOMER_SETTINGS_KEYS.customer, saved);
    setSessionCustomer(queryClient, saved);
    const next = settingsValues(saved, values.blackout.time_zone);
    form.setInitialValues(next);
    form.resetDirty(next);
    toastSuccess(MESSAGES.settings.saved);
  }

  const lifecycleOn = form.values.lifecycle_management_enabled;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <form ref={container} onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID}>
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={2} size="h4" id={HEADING_ID}>
              Settings
            </Title>
            <Text size="sm" c="dimmed">
              These apply to everyone in {customer.name}.
            </Text>
          </Stack>
          <FormError message={error} />
          <Stack gap="sm">
            <Switch
              {...form.getInputProps('lifecycle_management_enabled', { type: 'checkbox' })}
              label="Lifecycle management"
              description="Hosts no scan has seen for the period below are archived and their findings closed."
            />
            <Select
              {...form.getInputProps('lifecycle_period')}
              label="Archive hosts not seen for"
              data={lifecycleOptions(customer.lifecycle_period)}
              allowDeselect={false}
              disabled={!lifecycleOn}
              w={240}
            />
          </Stack>
          <Switch
            {...form.getInputProps('risk_acceptance_approval', { type: 'checkbox' })}
            label="Risk acceptance needs approval"
            description="An accepted risk counts only once someone other than the person who asked for it approves it."
          />
          <NumberInput
            {...form.getInputProps('min_qod')}
            label="Minimum quality of detection (%)"
            description={`Findings less certain than this are hidden from lists, dashboards and reports unless asked for. ${QOD_DEFAULT_MIN} % (the default) hides CVEs matched only on an upstream version a distribution's banner hides backports behind (${QOD_OF_TYPE.remote_banner_unreliable} %).`}
            min={QOD_RANGE.min}
            max={QOD_RANGE.max}
            step={5}
            allowDecimal={false}
            clampBehavior="none"
            suffix=" %"
            w={240}
          />
          <BlackoutFields form={form} savedZone={customer.blackouts?.time_zone} />
          <Group>
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
