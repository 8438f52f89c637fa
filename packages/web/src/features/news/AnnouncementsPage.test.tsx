// The platform operators' announcements page against a stubbed API: the list (category, customer or every customer,
// shown from, source), a new announcement posted with the body the server expects (empty link and time as null, every
// customer as null), an edit sent with PUT, the server's 400 on the title field, delete after confirming; and the
// route: operators only, in their navigation next to the customers.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announcement, formatDateTime, ROUTES, routeByName, type Announcement, type RouteDef } from '@bulwark/core';
import AnnouncementsPage from './AnnouncementsPage.tsx';
import { RouteGate } from '../../app/RouteGate.tsx';
import { navigationGroups } from '../../app/layout/navigation.ts';
import { routeContext } from '../../session/session.ts';
import { json, page, stubApi, type ApiStub, type StubRequest } from '../../../test/support/api-stub.ts';
import { aPlatformCustomer, aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/platform/announcements';
const LIST = 'platform/announcements/';
const ONE = 'platform/announcements/:id/';

function anAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return announcement.parse({
    id: 5,
    category: 'maintenance',
    category_label: 'Maintenance',
    title: 'Maintenance on Sunday',
    body: 'Scans pause from 02:00 to 04:00 UTC.',
    link: null,
    show_at: '2026-11-20T10:00:00.000Z',
    source: 'operator',
    customer: null,
    created: '2026-11-19T10:00:00.000Z',
    ...overrides,
  });
}

const ANNOUNCEMENTS = [
  anAnnouncement(),
  anAnnouncement({
    id: 6,
    category: 'security',
    category_label: 'Security alert',
    title: 'CVE-2026-1234 is now known to be exploited',
    body: 'It is open on 3 of your assets: fix it first.',
    link: '/vm/unified-vulnerabilities?group=asset&cve=CVE-2026-1234',
    source: 'bulwark',
    customer: { id: 2, name: 'Lapsed GmbH' },
    show_at: '2026-11-21T08:00:00.000Z',
  }),
];
const CUSTOMERS = [aPlatformCustomer(), aPlatformCustomer({ id: 2, name: 'Lapsed GmbH' })];

function api(items = ANNOUNCEMENTS): ApiStub {
  return stubApi()
    .on('GET', 'check-authentication/', { isAuthenticated: true })
    .on('GET', LIST, page(items))
    .on('GET', 'platform/customers/', page(CUSTOMERS))
    .on('GET', 'news-feed/announcements/', { ...page([]), unread: 0 });
}

/** The server's answer to a POST: the announcement as saved (shown from now when no time was given). */
function created(request: StubRequest) {
  const input = request.body as { title: string; show_at: string | null; customer: number | null };
  const customer = CUSTOMERS.find((c) => c.id === input.customer);
  return json(
    anAnnouncement({
      id: 9,
      title: input.title,
      show_at: input.show_at ?? '2026-11-22T10:00:00.000Z',
      customer: customer ? { id: customer.id, name: customer.name } : null,
    }),
    201,
  );
}

async function openNew(user: ReturnType<typeof renderWithApp>['user']) {
  await screen.findByRole('table', { name: 'Announcements' });
  await user.click(screen.getByRole('button', { name: 'New announcement' }));
  return screen.findByRole('form', { name: 'New announcement' });
}

describe('AnnouncementsPage', () => {
  it('lists every announcement with category, customer, shown from and source', async () => {
    const stub = api();
    renderWithApp(<AnnouncementsPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Announcements' });

    const maintenance = within(table).getByRole('row', { name: /Maintenance on Sunday/ });
    expect(within(maintenance).getByText('Maintenance')).toBeInTheDocument();
    expect(within(maintenance).getByText('Every customer')).toBeInTheDocument();
    expect(within(maintenance).getByText(formatDateTime('2026-11-20T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(maintenance).getByText('Operator')).toBeInTheDocument();

    const alert = within(table).getByRole('row', { name: /CVE-2026-1234/ });
    expect(within(alert).getByText('Security alert')).toBeInTheDocument();
    expect(within(alert).getByText('Lapsed GmbH')).toBeInTheDocument();
    expect(within(alert).queryByText('Every customer')).not.toBeInTheDocument();
    expect(within(alert).getByText('Bulwark')).toBeInTheDocument();

    const call = stub.calls('GET', LIST)[0];
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('page_size')).toBe('25');
  });

  it('posts a new announcement for every customer, shown now, without a link', async () => {
    const stub = api().on('POST', LIST, created);
    const { user } = renderWithApp(<AnnouncementsPage />, { path: PATH });
    const form = await openNew(user);
    expect(within(form).getByRole('combobox', { name: 'Customer' })).toHaveValue('Every customer');
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), '  New dashboard widgets ');
    await user.type(within(form).getByRole('textbox', { name: 'Text' }), 'Three new widgets.');
    const before = stub.calls('GET', LIST).length;
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(stub.calls('POST', LIST)).toHaveLength(1));
    expect(stub.calls('POST', LIST)[0].body).toEqual({
      category: 'announcement',
      title: 'New dashboard widgets',
      body: 'Three new widgets.',
      link: null,
      show_at: null,
      customer: null,
    });
    expect(await screen.findByText('Announcement published.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New announcement' })).not.toBeInTheDocument());
    await waitFor(() => expect(stub.calls('GET', LIST).length).toBeGreaterThan(before));
  });

  it('posts a category, link, time to show from and one customer', async () => {
    const stub = api().on('POST', LIST, created);
    const { user } = renderWithApp(<AnnouncementsPage />, { path: PATH });
    const form = await openNew(user);
    await user.click(within(form).getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Security alert' }));
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Patch now');
    await user.type(within(form).getByRole('textbox', { name: 'Link' }), '/vm/unified-vulnerabilities');
    fireEvent.change(within(form).getByLabelText('Show from'), { target: { value: '2027-01-15T09:30' } });
    await user.click(within(form).getByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: 'Lapsed GmbH' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(stub.calls('POST', LIST)).toHaveLength(1));
    expect(stub.calls('POST', LIST)[0].body).toEqual({
      category: 'security',
      title: 'Patch now',
      body: '',
      link: '/vm/unified-vulnerabilities',
      show_at: new Date('2027-01-15T09:30').toISOString(),
      customer: 2,
    });
  });

  it('checks the link before sending anything', async () => {
    const stub = api();
    const { user } = renderWithApp(<AnnouncementsPage />, { path: PATH });
    const form = await openNew(user);
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Read this');
    const link = within(form).getByRole('textbox', { name: 'Link' });
    await user.type(link, 'http://insecure.example');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Enter a page of Bulwark (/…) or an https:// link.')).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', LIST)).toHaveLength(0);
  });

  it('shows the server’s 400 on the title field', async () => {
    api().on('POST', LIST, json({ title: ['Ensure this field has no more than 200 characters.'] }, 400));
    const { user } = renderWithApp(<AnnouncementsPage />, { path: PATH });
    const form = await openNew(user);
    const title = within(form).getByRole('textbox', { name: /Title/ });
    await user.type(title, 'Too long, says the server');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Ensure this field has no more than 200 characters.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New announcement' })).toBeInTheDocument();
  });

  it('changes an announcement with PUT, keeping its time and customer', async () => {
    const stub = api().on('PUT', ONE, (request) =>
      json({ ...ANNOUNCEMENTS[1], ...(request.body as object), customer: ANNOUNCEMENTS[1].customer }),
    );
    const { user } = renderWithApp(<AnnouncementsPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Announcements' });
    await user.click(screen.getByRole('button', { name: 'Edit CVE-2026-1234 is now known to be exploited' }));
    const form = await screen.findByRole('form', { name: 'Edit CVE-2026-1234 is now known to be exploited' });
    expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveValue('Security alert');
    expect(within(form).getByRole('combobox', { name: 'Customer' })).toHaveValue('Lapsed GmbH');
    const save = within(form).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const body = within(form).getByRole('textbox', { name: 'Text' });
    await user.clear(body);
    await user.type(body, 'Fix it today.');
    await user.click(save);

    await waitFor(() => expect(stub.calls('PUT', ONE)).toHaveLength(1));
    const put = stub.calls('PUT', ONE)[0];
    expect(put.path).toBe('platform/announcements/6/');
    expect(put.body).toEqual({
      category: 'security',
      title: 'CVE-2026-1234 is now known to be exploited',
      body: 'Fix it today.',
      link: '/vm/unified-vulnerabilities?group=asset&cve=CVE-2026-1234',
      show_at: '2026-11-21T08:00:00.000Z',
      customer: 2,
    });
    expect(await screen.findByText('Announcement updated.')).toBeInTheDocument();
  });

  it('deletes an announcement only after confirming', async () => {
    const stub = api().on('DELETE', ONE, json(undefined, 204));
    const { user } = renderWithApp(<AnnouncementsPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Announcements' });
    const before = stub.calls('GET', LIST).length;
    await user.click(screen.getByRole('button', { name: 'Delete Maintenance on Sunday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete announcement' });
    expect(within(dialog).getByText('Maintenance on Sunday')).toBeInTheDocument();
    expect(stub.calls('DELETE', ONE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete announcement' })).not.toBeInTheDocument());
    expect(stub.calls('DELETE', ONE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Maintenance on Sunday' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete announcement' })).getByRole('button', { name: 'Delete announcement' }),
    );
    await waitFor(() => expect(stub.calls('DELETE', ONE)).toHaveLength(1));
    expect(stub.calls('DELETE', ONE)[0].path).toBe('platform/announcements/5/');
    expect(await screen.findByText('Announcement deleted.')).toBeInTheDocument();
    await waitFor(() => expect(stub.calls('GET', LIST).length).toBeGreaterThan(before));
  });
});

describe('the announcements route', () => {
  const route = routeByName('platform-announcements') as RouteDef;
  const operator = aUserProfile({ is_superuser: false, customer_admin: false, platform_operator: true });
  const adminOnly = aUserProfile({ platform_operator: false });

  it('shows the page to a platform operator', async () => {
    api();
    expect(route.path).toBe(PATH);
    renderWithApp(<RouteGate route={route} />, { path: PATH, session: aSession(operator) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Announcements' })).toBeInTheDocument();
  });

  it('sends anyone else, superusers included, to access denied', async () => {
    const stub = api();
    const { router } = renderWithApp(<RouteGate route={route} />, { path: PATH, session: aSession(adminOnly) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-denied'));
    expect(stub.calls('GET', LIST)).toHaveLength(0);
  });

  it('is in the navigation of operators only, after the customers', () => {
    const items = (profile: typeof operator) =>
      navigationGroups(ROUTES, routeContext(aSession(profile))).flatMap((g) => g.items.map((i) => i.path));
    const paths = items(operator);
    expect(paths.indexOf(PATH)).toBe(paths.indexOf('/admin/platform') + 1);
    expect(items(adminOnly)).not.toContain(PATH);
  });
});
