// Writes an announcement (POST platform/announcements/) or changes one (PUT): category, title, body, link, the moment
// it is shown from (empty: now) and for whom (every customer or one); the server's field errors go onto the fields.
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { NEWS_KEYS, createAnnouncement, fetchCustomerChoices, updateAnnouncement } from './news-api.ts';
import {
  announcementBody,
  announcementValues,
  CATEGORY_OPTIONS,
  EVERY_CUSTOMER,
  validateAnnouncement,
  type AnnouncementValues,
} from './news-format.ts';

const FIELDS = ['category', 'title', 'body', 'link', 'show_at', 'customer'] as const;

export function AnnouncementForm({ item, onDone }: { item?: Announcement; onDone(): void }) {
  const queryClient = useQueryClient();
  const customers = useQuery({ queryKey: NEWS_KEYS.customers, queryFn: ({ signal }) => fetchCustomerChoices(signal) });
  const form = useForm<AnnouncementValues>({ initialValues: announcementValues(item), validate: validateAnnouncement });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: item ? 'Cannot update the announcement.' : 'Cannot publish the announcement.',
    toast: false,
  });

  const customerOptions = [
    { value: EVERY_CUSTOMER, label: 'Every customer' },
    ...(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];
  // The announcement's own customer, even before (or without) the list.
  if (item?.customer && !customerOptions.some((o) => o.value === String(item.customer?.id))) {
    customerOptions.push({ value: String(item.customer.id), label: item.customer.name });
  }

  async function save(values: AnnouncementValues) {
    const body = announcementBody(values);
    if (item) {
      await updateAnnouncement(item.id, body);
      toastSuccess('Announcement updated.');
    } else {
      await createAnnouncement(body);
      toastSuccess(body.show_at && Date.parse(body.show_at) > Date.now() ? 'Announcement scheduled.' : 'Announcement published.');
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: NEWS_KEYS.announcements }),
      queryClient.invalidateQueries({ queryKey: NEWS_KEYS.feed }),
    ]);
    onDone();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={item ? `Edit ${item.title}` : 'New announcement'}>
      <Stack gap="md">
        <FormError message={error} />
        <Select {...form.getInputProps('category')} label="Category" data={CATEGORY_OPTIONS} allowDeselect={false} />
        <TextInput {...form.getInputProps('title')} label="Title" withAsterisk maxLength={200} autoComplete="off" data-autofocus />
        <Textarea {...form.getInputProps('body')} label="Text" autosize minRows={3} maxRows={10} maxLength={5000} />
        <TextInput
          {...form.getInputProps('link')}
          label="Link"
          description="Optional: a page of Bulwark (/vm/…) or an https:// address."
          maxLength={500}
          autoComplete="off"
        />
        <TextInput
          {...form.getInputProps('show_at')}
          type="datetime-local"
          label="Show from"
          description="Leave empty to show it now; a later time schedules it."
        />
        <Select
          {...form.getInputProps('customer')}
          label="Customer"
          description="Whose users see it."
          data={customerOptions}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such customer"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={item !== undefined && !form.isDirty()}>
            {item ? 'Save changes' : 'Publish'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
