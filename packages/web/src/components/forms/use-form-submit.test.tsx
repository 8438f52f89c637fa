// The forms' submit hook: busy while saving, server field errors on their fields, the rest above the form (and toasted),
// focus on the first error; a failure the form handles itself, and success.
import { screen, waitFor, within } from '@testing-library/react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { api } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { FormError } from './FormError.tsx';
import { useFormSubmit, type FormSubmitOptions } from './use-form-submit.ts';
import { json, stubApi, type StubAnswer } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

interface Values {
  name: string;
  notes: string;
}

/** A form as the app writes one with the hook; saving posts to probe/probe-groups/. */
function GroupForm({ options, onSaved }: { options?(form: UseFormReturnType<Values>): Partial<FormSubmitOptions>; onSaved?(): void }) {
  const form = useForm<Values>({
    initialValues: { name: '', notes: '' },
    validate: { notes: (v) => (v.length > 5 ? 'Too long here.' : null) },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: { name: 'name', description: 'notes' },
    failed: 'Cannot create probe group.',
    ...options?.(form),
  });

  async function save(values: Values) {
    await api.post('probe/probe-groups/', values);
    onSaved?.();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="New group">
      <Stack>
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Group name" />
        <TextInput {...form.getInputProps('notes')} label="Notes" />
        <Button type="submit" loading={busy}>
          Create group
        </Button>
        <output data-testid="busy">{busy ? 'busy' : 'idle'}</output>
      </Stack>
    </form>
  );
}

const nextPaint = () => new Promise((resolve) => requestAnimationFrame(resolve));

function stubGroups(answer: StubAnswer | (() => Promise<StubAnswer>)) {
  return stubApi().on('GET', 'check-authentication/', { isAuthenticated: true }).on('POST', 'probe/probe-groups/', answer);
}

describe('useFormSubmit', () => {
  it('is busy while the save runs, and not after', async () => {
    let answer!: (value: StubAnswer) => void;
    stubGroups(() => new Promise<StubAnswer>((resolve) => (answer = resolve)));
    const saved: string[] = [];
    const { user } = renderWithApp(<GroupForm onSaved={() => saved.push('saved')} />);
    expect(screen.getByTestId('busy')).toHaveTextContent('idle');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByTestId('busy')).toHaveTextContent('busy'));
    expect(saved).toEqual([]);
    answer(json({ id: 1, name: 'Edge' }, 201));
    await waitFor(() => expect(screen.getByTestId('busy')).toHaveTextContent('idle'));
    expect(saved).toEqual(['saved']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts server field errors on their fields, shows and toasts the rest, and focuses the first invalid field', async () => {
    stubGroups(json({ name: ['This field may not be blank.'], description: ['Too long.'], non_field_errors: ['Nothing was saved.'] }, 400));
    const { user } = renderWithApp(<GroupForm />);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const name = screen.getByRole('textbox', { name: 'Group name' });
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('Too long.');
    expect(within(screen.getByRole('form', { name: 'New group' })).getByRole('alert')).toHaveTextContent('Nothing was saved.');
    // The same message as an error toast, outside the form.
    expect(screen.getAllByText('Nothing was saved.')).toHaveLength(2);
    expect(screen.getByTestId('busy')).toHaveTextContent('idle');
    await nextPaint();
    expect(name).toHaveFocus();
  });

  it('shows the fallback message when the failure names no field, and focuses it', async () => {
    stubGroups(json({}, 400));
    const { user } = renderWithApp(<GroupForm options={() => ({ toast: false })} />);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const alert = await within(screen.getByRole('form', { name: 'New group' })).findByRole('alert');
    expect(alert).toHaveTextContent('Cannot create probe group.');
    // toast: false shows it above the form only.
    expect(screen.getAllByText('Cannot create probe group.')).toHaveLength(1);
    await nextPaint();
    expect(alert).toHaveFocus();
  });

  it('lets the form handle a failure itself, and still moves focus to the first error', async () => {
    const stub = stubGroups(json({ name: ['A probe group with this name already exists.'] }, 409));
    const { user } = renderWithApp(
      <GroupForm
        options={(form) => ({
          onFailure(failure) {
            if (!(isApiError(failure) && failure.status === 409)) return false;
            form.setFieldError('name', 'That name is taken.');
            return true;
          },
        })}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'too long');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    // Client validation fails first: no call, focus on the invalid field.
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(await screen.findByText('Too long here.')).toBeInTheDocument();
    expect(stub.calls('POST', 'probe/probe-groups/')).toHaveLength(0);
    await nextPaint();
    expect(notes).toHaveFocus();

    await user.clear(notes);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const name = screen.getByRole('textbox', { name: 'Group name' });
    expect(await screen.findByText('That name is taken.')).toBeInTheDocument();
    // Handled by the form: the server's errors are not applied, shown or toasted by the hook.
    expect(screen.queryByText('A probe group with this name already exists.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await nextPaint();
    expect(name).toHaveFocus();
  });

  it('keeps busy on after success when asked to', async () => {
    stubGroups(json({ id: 1, name: 'Edge' }, 201));
    const saved: string[] = [];
    const { user } = renderWithApp(<GroupForm options={() => ({ keepBusyOnSuccess: true })} onSaved={() => saved.push('saved')} />);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    await nextPaint();
    expect(screen.getByTestId('busy')).toHaveTextContent('busy');
  });
});
