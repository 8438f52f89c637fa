// The form helper for failed calls: server field errors ({field: [msg]}, 400 and 409) land on the form's fields (also
// under another name), the rest and non_field_errors above the form; shown on a real form through the real client.
import { useRef, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { api } from '../../api/client.ts';
import { ApiError, errorMessageFromBody } from '../../api/errors.ts';
import { focusFirstError } from './focus.ts';
import { FormError } from './FormError.tsx';
import { applyServerErrors, splitFieldErrors } from './server-errors.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

/** The error the client rejects with for an answer of `status` with `data`. */
function http(status: number, data: unknown): ApiError {
  return new ApiError({ kind: 'http', status, message: errorMessageFromBody(data) ?? `HTTP ${status}`, data });
}

describe('splitFieldErrors', () => {
  it('puts errors of the form’s fields on them and keeps the others apart', () => {
    expect(splitFieldErrors({ name: 'Taken.', token: 'Expired.' }, ['name', 'description'])).toEqual({
      onForm: { name: 'Taken.' },
      elsewhere: ['Expired.'],
    });
  });

  it('maps server fields to form fields, joining several for one field with a space (§5)', () => {
    expect(splitFieldErrors({ cpe: 'Not a CPE.', package: 'Not a package.', other: 'x' }, { cpe: 'query', package: 'query' })).toEqual({
      onForm: { query: 'Not a CPE. Not a package.' },
      elsewhere: ['x'],
    });
  });
});

describe('applyServerErrors', () => {
  const target = () => {
    const seen: Record<string, string>[] = [];
    return { seen, setErrors: (e: Record<string, string>) => seen.push(e) };
  };

  it('sends a field error of another name to the form field, and needs no message then', () => {
    const form = target();
    expect(
      applyServerErrors(form, http(400, { package: ['Write the package as ECOSYSTEM/NAME@VERSION.'] }), { package: 'query' }, 'Failed'),
    ).toBeNull();
    expect(form.seen).toEqual([{ query: 'Write the package as ECOSYSTEM/NAME@VERSION.' }]);
  });

  it('prefers non_field_errors, and adds errors of fields the form does not have', () => {
    const form = target();
    const message = applyServerErrors(
      form,
      http(400, { non_field_errors: ['Check the form.'], name: ['Taken.'], token: ['Expired.'] }),
      ['name'],
      'Failed',
    );
    expect(message).toBe('Check the form. Expired.');
    expect(form.seen).toEqual([{ name: 'Taken.' }]);
  });

  it('falls back to the caller’s message for failures that are not the server’s', () => {
    expect(applyServerErrors(target(), new Error('boom'), ['name'], 'Cannot save.')).toBe('Cannot save.');
  });
});

/** A form as the app writes one: Mantine form, the helper, the message above, focus on the first invalid field. */
function GroupForm() {
  const container = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '', notes: '' } });
  async function submit(values: { name: string; notes: string }) {
    setError(null);
    try {
      await api.post('probe/probe-groups/', values);
    } catch (failure) {
      setError(applyServerErrors(form, failure, { name: 'name', description: 'notes' }, 'Cannot create probe group.'));
      focusFirstError(container.current);
    }
  }
  return (
    <form ref={container} onSubmit={form.onSubmit((v) => void submit(v))} noValidate aria-label="New group">
      <Stack>
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Group name" />
        <TextInput {...form.getInputProps('notes')} label="Notes" />
        <Button type="submit">Create group</Button>
      </Stack>
    </form>
  );
}

describe('a form showing server errors', () => {
  it('shows 400 field errors under their fields and the general message above, and focuses the first invalid field', async () => {
    stubApi()
      .on('GET', 'check-authentication/', { isAuthenticated: true })
      .on(
        'POST',
        'probe/probe-groups/',
        json({ name: ['This field may not be blank.'], description: ['Too long.'], non_field_errors: ['Nothing was saved.'] }, 400),
      );
    const { user } = renderWithApp(<GroupForm />);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const name = screen.getByRole('textbox', { name: 'Group name' });
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('Too long.');
    expect(within(screen.getByRole('form', { name: 'New group' })).getByRole('alert')).toHaveTextContent('Nothing was saved.');
    // Focus moves after the errors are drawn (the next frame, or later on a loaded machine).
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('shows a 409 name conflict on the name alone', async () => {
    stubApi()
      .on('GET', 'check-authentication/', { isAuthenticated: true })
      .on('POST', 'probe/probe-groups/', json({ name: ['A probe group with this name already exists.'] }, 409));
    const { user } = renderWithApp(<GroupForm />);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('A probe group with this name already exists.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
