// Profile settings: first name, last name and picture link (checked to load as an image), saved with PATCH user/profile/{id}/.
import { Avatar, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IMAGE_LINK_PLACEHOLDER, MESSAGES, type UserProfile } from '@bulwark/core';
import { updateProfile } from '../../api/account.ts';
import { setSessionProfile } from '../../session/session.ts';
import { displayName } from '../../components/display-name.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { validateImageLink } from '../../components/forms/image-link.ts';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';

interface Values {
  first_name: string;
  last_name: string;
  picture: string;
}

export function PersonalDetailsForm({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: { first_name: profile.first_name, last_name: profile.last_name, picture: profile.picture ?? '' },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['first_name', 'last_name', 'picture'],
    failed: MESSAGES.settings.profileSaveFailed,
  });

  async function save(values: Values) {
    const pictureError = await validateImageLink(values.picture);
    if (pictureError) {
      form.setFieldError('picture', pictureError);
      focusFirstError(container.current);
      return;
    }
    const saved = await updateProfile(profile.id, {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      picture: values.picture.trim() === '' ? null : values.picture.trim(),
    });
    setSessionProfile(queryClient, saved);
    form.setInitialValues({ first_name: saved.first_name, last_name: saved.last_name, picture: saved.picture ?? '' });
    form.resetDirty({ first_name: saved.first_name, last_name: saved.last_name, picture: saved.picture ?? '' });
    toastSuccess(MESSAGES.settings.saved);
  }

  const preview = form.values.picture.trim();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="personal-details-heading">
      <form ref={container} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="personal-details-heading">
            Personal details
          </Title>
          <FormError message={error} />
          <Group grow align="flex-start">
            <TextInput {...form.getInputProps('first_name')} label="First name" autoComplete="given-name" maxLength={150} />
            <TextInput {...form.getInputProps('last_name')} label="Last name" autoComplete="family-name" maxLength={150} />
          </Group>
          <Group align="flex-end" wrap="nowrap">
            <Avatar src={preview || null} name={displayName(profile)} color="initials" size="lg" radius="xl" alt="" />
            <TextInput
              {...form.getInputProps('picture')}
              label="Picture link"
              description="A link to an image; leave empty for initials."
              placeholder={IMAGE_LINK_PLACEHOLDER}
              type="url"
              style={{ flex: 1 }}
            />
          </Group>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Email: {profile.email}
            </Text>
            <Text size="sm" c="dimmed" data-testid="profile-phone">
              Phone number: {profile.phone_number || 'not set'} (used for text-message sign-in codes, set below)
            </Text>
          </Stack>
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
