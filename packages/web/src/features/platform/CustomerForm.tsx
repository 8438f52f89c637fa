// Creates a customer (POST platform/customers/) or changes one (PATCH of the fields changed): name, subscription tier,
// licence end date, feature flags and how many scan tasks may run at once; the server's field errors go onto the fields.
import { Button, Checkbox, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { FEATURE_FLAGS, type PlatformCustomer } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { customerInput, customerPatch, customerValues, TIER_OPTIONS, validateCustomer, type CustomerValues } from './customer-form.ts';
import { createPlatformCustomer, PLATFORM_KEYS, updatePlatformCustomer } from './platform-api.ts';

const FIELDS = ['name', 'subscription_tier', 'license_end_date', 'feature_flags', 'max_concurrent_tasks'] as const;

export function CustomerForm({ customer, onDone }: { customer?: PlatformCustomer; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<CustomerValues>({ initialValues: customerValues(customer), validate: validateCustomer });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: customer ? 'Cannot update the customer.' : 'Cannot create the customer.',
    toast: false,
  });

  async function save(values: CustomerValues) {
    if (customer) {
      const patch = customerPatch(customer, values);
      if (Object.keys(patch).length > 0) await updatePlatformCustomer(customer.id, patch);
      toastSuccess(`Customer ${values.name.trim()} updated.`);
    } else {
      await createPlatformCustomer(customerInput(values));
      toastSuccess(`Customer ${values.name.trim()} created.`);
    }
    await queryClient.invalidateQueries({ queryKey: PLATFORM_KEYS.all });
    onDone();
  }

  const flagsError = form.errors.feature_flags;
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={customer ? `Edit ${customer.name}` : 'New customer'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" withAsterisk maxLength={200} autoComplete="off" data-autofocus />
        <Select {...form.getInputProps('subscription_tier')} label="Subscription tier" data={TIER_OPTIONS} allowDeselect={false} />
        <TextInput
          {...form.getInputProps('license_end_date')}
          type="date"
          label="Licence end date"
          description="Leave empty for a licence without an end date."
        />
        <NumberInput
          {...form.getInputProps('max_concurrent_tasks')}
          label="Scan tasks at once"
          description="1 to 1000; the customer's other scan tasks wait as Queued. Leave empty for no limit."
          min={1}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={240}
        />
        <Checkbox.Group
          {...form.getInputProps('feature_flags')}
          label="Feature flags"
          description="Areas switched on for this customer."
          error={flagsError}
        >
          <Stack gap={6} mt="xs">
            {FEATURE_FLAGS.map((flag) => (
              <Checkbox key={flag} value={flag} label={flag} aria-invalid={flagsError ? true : undefined} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={customer !== undefined && !form.isDirty()}>
            {customer ? 'Save changes' : 'Create customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
