// Names a new dashboard (POST dashboard/dashboards/, empty) or renames one (PATCH {name}).
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardInput, type Dashboard } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { schemaMessage } from '../../../components/forms/schema-field.ts';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { DASHBOARD_KEYS, createDashboard, renameDashboard } from '../api/dashboards-api.ts';

export const DASHBOARD_MESSAGES = {
  created: 'Dashboard created.',
  createFailed: 'Cannot create dashboard.',
  updated: 'Dashboard renamed.',
  updateFailed: 'Cannot rename dashboard.',
  deleted: 'Dashboard deleted.',
  deleteFailed: 'Cannot delete dashboard.',
  reset: 'A new dashboard with the default widgets was added.',
  resetFailed: 'Cannot add a default dashboard.',
};

export interface DashboardNameFormProps {
  /** The dashboard to rename; a new one otherwise. */
  dashboard?: Dashboard;
  /** Called with the saved dashboard. */
  onSaved(saved: Dashboard): void;
  onCancel(): void;
}

export function DashboardNameForm({ dashboard, onSaved, onCancel }: DashboardNameFormProps) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: dashboard?.name ?? '' },
    validate: { name: (v) => schemaMessage(dashboardInput.shape.name, v) },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['name'],
    failed: dashboard ? DASHBOARD_MESSAGES.updateFailed : DASHBOARD_MESSAGES.createFailed,
  });

  async function save({ name }: { name: string }) {
    const saved = dashboard ? await renameDashboard(dashboard.id, name.trim()) : await createDashboard({ name: name.trim() });
    toastSuccess(dashboard ? DASHBOARD_MESSAGES.updated : DASHBOARD_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.list() });
    onSaved(saved);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={dashboard ? 'Rename dashboard' : 'New dashboard'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" maxLength={100} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {dashboard ? 'Rename' : 'Create dashboard'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
