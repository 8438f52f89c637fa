// The platform operators' customers page against a stubbed API: rows with tier, licence (expired in red), scan tasks at
// once and flags, search in the call and the URL, a new customer created, a customer's changed fields patched (the
// scan-task limit set and cleared), field errors (400) on the fields; and the route itself: operators only, hidden from
// the navigation of anyone else.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES, featureFlagMap, routeByName, type RouteDef } from '@bulwark/core';
import PlatformCustomersPage from './PlatformCustomersPage.tsx';
import { RouteGate } from '../../app/RouteGate.tsx';
import { navigationGroups } from '../../app/layout/navigation.ts';
import { routeContext } from '../../session/session.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aPlatformCustomer, aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/platform';
const CUSTOMERS = [
  aPlatformCustomer(),
  aPlatformCustomer({
    id: 2,
    name: 'Lapsed GmbH',
    subscription_tier: 2,
    license_end_date: '2026-11-01',
    days_to_expiration: -19,
    feature_flags: ['cloud-scanning', 'onprem-da'],
    max_concurrent_tasks: 5,
    users: 1,
  }),
  aPlatformCustomer({ id: 3, name: 'Open Inc', subscription_tier: 0, license_end_date: null, days_to_expiration: null }),
];

function api(customers = CUSTOMERS): ApiStub {
  return stubApi().on('GET', 'check-authentication/', { isAuthenticated: true }).on('GET', 'platform/customers/', page(customers));
}

const lastQuery = (stub: ApiStub) => stub.calls('GET', 'platform/customers/').at(-1)!.query;

describe('PlatformCustomersPage', () => {
  it('lists the customers with tier, licence (expired in red), flags and users', async () => {
    const stub = api();
    renderWithApp(<PlatformCustomersPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Customers' });
    const example = within(table).getByRole('row', { name: /Example Ltd/ });
    expect(within(example).getByText('Standard')).toBeInTheDocument();
    expect(within(example).getByText('2027-09-16')).toBeInTheDocument();
    expect(within(example).getByText('Active')).toBeInTheDocument();
    expect(within(example).getByText('3')).toBeInTheDocument();
    expect(within(example).getByText('No limit')).toBeInTheDocument();

    const lapsed = within(table).getByRole('row', { name: /Lapsed GmbH/ });
    expect(within(lapsed).getByText('Plus')).toBeInTheDocument();
    const expired = within(lapsed).getByText('Expired 19 days ago');
    expect(expired).toHaveAttribute('data-licence', 'expired');
    expect(expired).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(within(lapsed).getByText('cloud-scanning')).toBeInTheDocument();
    expect(within(lapsed).getByText('onprem-da')).toBeInTheDocument();
    expect(within(lapsed).getByText('5')).toHaveAttribute('data-task-limit', '5');

    const open = within(table).getByRole('row', { name: /Open Inc/ });
    expect(within(open).getByText('None')).toBeInTheDocument();
    expect(within(open).getByText('No flags')).toBeInTheDocument();
    expect(within(open).getByText('No end date')).toBeInTheDocument();

    expect(lastQuery(stub).get('page')).toBe('1');
    expect(lastQuery(stub).get('page_size')).toBe('25');
    expect(screen.getByText('3 customers')).toBeInTheDocument();
  });

  it('searches through the URL and the call', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.type(within(screen.getByRole('search', { name: 'Filter customers' })).getByRole('textbox', { name: 'Search' }), 'lapsed');
    await waitFor(() => expect(lastQuery(stub).get('search')).toBe('lapsed'));
    expect(search().get('search')).toBe('lapsed');
  });

  it('creates a customer with POST platform/customers/', async () => {
    const stub = api().on('POST', 'platform/customers/', (request) =>
      json(aPlatformCustomer({ id: 9, ...(request.body as object), days_to_expiration: 100, users: 0 }), 201),
    );
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    const before = stub.calls('GET', 'platform/customers/').length;
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = await screen.findByRole('form', { name: 'New customer' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), '  Acme Corp ');
    await user.click(within(form).getByRole('combobox', { name: 'Subscription tier' }));
    await user.click(screen.getByRole('option', { name: 'Plus' }));
    await user.type(within(form).getByLabelText('Licence end date'), '2027-03-01');
    await user.click(within(form).getByRole('checkbox', { name: 'continuous-monitoring' }));
    await user.click(within(form).getByRole('checkbox', { name: 'cloud-scanning' }));
    await user.click(within(form).getByRole('button', { name: 'Create customer' }));

    await waitFor(() => expect(stub.calls('POST', 'platform/customers/')).toHaveLength(1));
    expect(stub.calls('POST', 'platform/customers/')[0].body).toEqual({
      name: 'Acme Corp',
      subscription_tier: 2,
      license_end_date: '2027-03-01',
      feature_flags: ['cloud-scanning', 'continuous-monitoring'],
      max_concurrent_tasks: null,
    });
    expect(await screen.findByText('Customer Acme Corp created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New customer' })).not.toBeInTheDocument());
    await waitFor(() => expect(stub.calls('GET', 'platform/customers/').length).toBeGreaterThan(before));
  });

  it('creates a customer with a scan-task limit', async () => {
    const stub = api().on('POST', 'platform/customers/', (request) =>
      json(aPlatformCustomer({ id: 9, ...(request.body as object), users: 0 }), 201),
    );
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = await screen.findByRole('form', { name: 'New customer' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Acme');
    await user.type(within(form).getByRole('textbox', { name: 'Scan tasks at once' }), '8');
    await user.click(within(form).getByRole('button', { name: 'Create customer' }));
    await waitFor(() => expect(stub.calls('POST', 'platform/customers/')).toHaveLength(1));
    expect(stub.calls('POST', 'platform/customers/')[0].body).toMatchObject({ name: 'Acme', max_concurrent_tasks: 8 });
  });

  it('refuses a scan-task limit outside 1-1000', async () => {
    const stub = api();
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = await screen.findByRole('form', { name: 'New customer' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Acme');
    const tasks = within(form).getByRole('textbox', { name: 'Scan tasks at once' });
    await user.type(tasks, '1001');
    await user.click(within(form).getByRole('button', { name: 'Create customer' }));
    expect(await within(form).findByText('Enter a number from 1 to 1000, or nothing for no limit.')).toBeInTheDocument();
    expect(tasks).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', 'platform/customers/')).toHaveLength(0);
  });

  it('changes and clears a customer’s scan-task limit', async () => {
    const stub = api().on('PATCH', 'platform/customers/:id/', (request) => json({ ...CUSTOMERS[1], ...(request.body as object) }));
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'Edit Lapsed GmbH' }));
    let form = await screen.findByRole('form', { name: 'Edit Lapsed GmbH' });
    const tasks = within(form).getByRole('textbox', { name: 'Scan tasks at once' });
    expect(tasks).toHaveValue('5');
    await user.clear(tasks);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls('PATCH', 'platform/customers/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'platform/customers/:id/')[0].body).toEqual({ max_concurrent_tasks: null });

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Lapsed GmbH' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Open Inc' }));
    form = await screen.findByRole('form', { name: 'Edit Open Inc' });
    await user.type(within(form).getByRole('textbox', { name: 'Scan tasks at once' }), '12');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls('PATCH', 'platform/customers/:id/')).toHaveLength(2));
    expect(stub.calls('PATCH', 'platform/customers/:id/')[1]).toMatchObject({
      path: 'platform/customers/3/',
      body: { max_concurrent_tasks: 12 },
    });
  });

  it('asks for a name before sending anything', async () => {
    const stub = api();
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = await screen.findByRole('form', { name: 'New customer' });
    await user.click(within(form).getByRole('button', { name: 'Create customer' }));
    expect(await within(form).findByText(/required/i)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', 'platform/customers/')).toHaveLength(0);
  });

  it('edits a customer with a PATCH of the changed fields only', async () => {
    const stub = api().on('PATCH', 'platform/customers/:id/', (request) =>
      json({ ...CUSTOMERS[1], ...(request.body as object), days_to_expiration: 200 }),
    );
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'Edit Lapsed GmbH' }));
    const form = await screen.findByRole('form', { name: 'Edit Lapsed GmbH' });
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('Lapsed GmbH');
    expect(within(form).getByRole('combobox', { name: 'Subscription tier' })).toHaveValue('Plus');
    expect(within(form).getByLabelText('Licence end date')).toHaveValue('2026-11-01');
    expect(within(form).getByRole('checkbox', { name: 'cloud-scanning' })).toBeChecked();
    const save = within(form).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    const date = within(form).getByLabelText('Licence end date');
    await user.clear(date);
    await user.type(date, '2027-06-30');
    await user.click(within(form).getByRole('checkbox', { name: 'onprem-da' }));
    await user.click(save);

    await waitFor(() => expect(stub.calls('PATCH', 'platform/customers/:id/')).toHaveLength(1));
    const patch = stub.calls('PATCH', 'platform/customers/:id/')[0];
    expect(patch.path).toBe('platform/customers/2/');
    expect(patch.body).toEqual({ license_end_date: '2027-06-30', feature_flags: ['cloud-scanning'] });
    expect(await screen.findByText('Customer Lapsed GmbH updated.')).toBeInTheDocument();
  });

  it('clears the licence end date with null', async () => {
    const stub = api().on('PATCH', 'platform/customers/:id/', json(CUSTOMERS[0]));
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'Edit Example Ltd' }));
    const form = await screen.findByRole('form', { name: 'Edit Example Ltd' });
    await user.clear(within(form).getByLabelText('Licence end date'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls('PATCH', 'platform/customers/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'platform/customers/:id/')[0].body).toEqual({ license_end_date: null });
  });

  it('shows the server’s field errors (400) on the fields', async () => {
    api().on(
      'PATCH',
      'platform/customers/:id/',
      json({ name: ['A customer with this name already exists.'], license_end_date: ['Enter a real date.'] }, 400),
    );
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'Edit Open Inc' }));
    const form = await screen.findByRole('form', { name: 'Edit Open Inc' });
    const name = within(form).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Example Ltd');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('A customer with this name already exists.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Enter a real date.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Licence end date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a feature flag error on the flags', async () => {
    api().on('POST', 'platform/customers/', json({ feature_flags: ['Choose flags from: cloud-scanning.'] }, 400));
    const { user } = renderWithApp(<PlatformCustomersPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Customers' });
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = await screen.findByRole('form', { name: 'New customer' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Acme');
    await user.click(within(form).getByRole('button', { name: 'Create customer' }));
    expect(await within(form).findByText('Choose flags from: cloud-scanning.')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'cloud-scanning' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the platform customers route', () => {
  const route = routeByName('platform-customers') as RouteDef;
  const operator = aUserProfile({ is_superuser: false, customer_admin: false, platform_operator: true });
  const adminOnly = aUserProfile({ platform_operator: false });

  it('shows the page to a platform operator', async () => {
    api();
    renderWithApp(<RouteGate route={route} />, { path: PATH, session: aSession(operator) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers (platform)' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Customers' })).toBeInTheDocument();
  });

  it('sends anyone else, superusers included, to access denied', async () => {
    const stub = api();
    const { router } = renderWithApp(<RouteGate route={route} />, { path: PATH, session: aSession(adminOnly) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-denied'));
    expect(stub.calls('GET', 'platform/customers/')).toHaveLength(0);
  });

  it('is in the navigation of operators only', () => {
    const items = (profile: typeof operator) =>
      navigationGroups(ROUTES, routeContext(aSession(profile))).flatMap((g) => g.items.map((i) => i.path));
    expect(items(operator)).toContain(PATH);
    expect(items(adminOnly)).not.toContain(PATH);
    expect(items(adminOnly)).toContain('/admin/audit');
    expect(routeContext({ ...aSession(adminOnly), flags: featureFlagMap([]) }).platform_operator).toBe(false);
  });
});
