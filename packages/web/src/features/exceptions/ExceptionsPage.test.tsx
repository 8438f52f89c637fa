// The exceptions page against a stubbed API: the list with kinds, narrowing and expiry; adding one checks the fields
// in the page, sends the value with the kind left to the server, shows the server's field errors on their fields and
// "Exception created."; deleting asks first, then calls DELETE.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Exclusion } from '@bulwark/core';
import ExceptionsPage from './ExceptionsPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PLC: Exclusion = {
  id: 4,
  kind: 'address',
  value: '10.0.0.7',
  port: null,
  test_id: null,
  issue_id: null,
  issue_hid: null,
  issue_name: null,
  reason: 'Fragile controller',
  expires_at: null,
  active: true,
  created_by: 1,
  created_by_email: 'admin@example.com',
  created: '2026-11-20T10:00:00.000Z',
};
const PRINTERS: Exclusion = {
  ...PLC,
  id: 5,
  kind: 'range',
  value: '10.2.0.1-10.2.0.20',
  port: 9100,
  reason: 'Printers',
  active: false,
  expires_at: '2026-11-21T10:00:00.000Z',
};
const PATH = '/remediation/exceptions';
const API = 'exclusions/exclusions/';

describe('ExceptionsPage', () => {
  it('lists exceptions with their kind, narrowing and expiry', async () => {
    stubApi().on('GET', API, page([PLC, PRINTERS]));
    renderWithApp(<ExceptionsPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Exceptions' });
    const plc = within(table).getByRole('row', { name: /10\.0\.0\.7/ });
    expect(within(plc).getByText('IP address')).toBeInTheDocument();
    expect(within(plc).getByText('Everything')).toBeInTheDocument();
    expect(within(plc).getByText('Never')).toBeInTheDocument();
    const printers = within(table).getByRole('row', { name: /10\.2\.0\.1-10\.2\.0\.20/ });
    expect(within(printers).getByText('port 9100')).toBeInTheDocument();
    expect(within(printers).getByText('Expired')).toBeInTheDocument();
  });

  it('adds an exception: checks fields, shows server errors by field, then creates it', async () => {
    let attempts = 0;
    const stub = stubApi()
      .on('GET', API, page([]))
      .on('POST', API, () => (++attempts === 1 ? json({ reason: ['This field may not be blank.'] }, 400) : json(PLC)));
    const { user } = renderWithApp(<ExceptionsPage />, { path: PATH });
    await screen.findByText('No exceptions yet.');
    await user.click(screen.getAllByRole('button', { name: 'Add exception' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add an exception' });
    const value = within(form).getByRole('textbox', { name: /Keep out/ });
    await user.type(value, '10.0.0.300');
    await user.click(within(form).getByRole('button', { name: 'Add exception' }));
    expect(await within(form).findByText('Enter a valid IP address.')).toBeInTheDocument();
    expect(within(form).getByText('Reason is required')).toBeInTheDocument();
    expect(stub.calls('POST', API)).toHaveLength(0);

    await user.clear(value);
    await user.type(value, '10.0.0.7');
    expect(within(form).getByText('Read as: IP address')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Fragile controller');
    await user.click(within(form).getByRole('button', { name: 'Add exception' }));
    expect(await within(form).findByText('This field may not be blank.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add exception' }));
    await waitFor(() => expect(stub.calls('POST', API)).toHaveLength(2));
    expect(stub.calls('POST', API)[1]!.body).toEqual({
      value: '10.0.0.7',
      kind: null,
      port: null,
      test_id: '',
      issue_id: null,
      reason: 'Fragile controller',
      expires_at: null,
    });
    expect(await screen.findByText('Exception created.')).toBeInTheDocument();
  });

  it('deletes an exception after confirmation', async () => {
    const stub = stubApi()
      .on('GET', API, page([PLC]))
      .on('DELETE', `${API}:id/`, json(null, 204));
    const { user } = renderWithApp(<ExceptionsPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Delete the exception of 10.0.0.7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete exception' });
    expect(stub.calls('DELETE', `${API}:id/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete exception' }));
    await waitFor(() => expect(stub.calls('DELETE', `${API}:id/`)).toHaveLength(1));
    expect(stub.calls('DELETE', `${API}:id/`)[0]!.path).toBe(`${API}4/`);
  });
});
