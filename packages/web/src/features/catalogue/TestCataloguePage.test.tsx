// The vulnerability-test catalogue against a stubbed API: shipped and community tests with their source and whether the
// organisation ignores them (filtered, ignored and un-ignored after a confirm), the refused templates with file, id and
// reason, and each list's search sent to its own endpoint.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TestCataloguePage from './TestCataloguePage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/vt/vulnerability-tests';
const test = (id: string, name: string, source: 'shipped' | 'community', severity = 2, ignored = false, unsafe: string | null = null) => ({
  id,
  name,
  category: source === 'community' ? 'uncategorized' : 'web-servers',
  severity,
  cve: [],
  tags: [],
  description: '',
  solution: '',
  source,
  origin: source === 'community' ? 'Nuclei community templates (synced 2026-11-28)' : 'Bulwark',
  unsafe,
  ignored,
});
const TESTS = [
  test('http-trace-enabled', 'HTTP TRACE enabled', 'shipped', 1),
  test('acme-console-exposed', 'Acme console', 'community', 3, true),
  test('acme-range-dos', 'Acme range denial of service', 'community', 3, false, 'tagged dos'),
];
const REFUSED = [
  {
    source: 'community',
    folder: 'nuclei',
    file: 'http/uses-flow.yaml',
    template_id: 'uses-flow',
    reason: "'flow' (JavaScript control of the requests) not supported",
  },
  {
    source: 'community',
    folder: 'nuclei',
    file: 'http/trace.yaml',
    template_id: 'http-trace-enabled',
    reason: "duplicate id 'http-trace-enabled': the shipped check http/http-trace-enabled.yaml wins",
  },
  {
    source: 'community',
    folder: 'nuclei',
    file: 'broken.yaml',
    template_id: null,
    reason: 'invalid YAML: Flow sequence in block collection must be sufficiently indented',
  },
];

function api(refused: unknown[] = REFUSED): ApiStub {
  return stubApi().on('GET', 'nvt/nvtests-simple/', page(TESTS)).on('GET', 'nvt/refused-templates/', page(refused));
}

describe('TestCataloguePage', () => {
  it('lists the tests with their source', async () => {
    api();
    renderWithApp(<TestCataloguePage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Vulnerability tests' });
    const community = within(table).getByRole('row', { name: /Acme console/ });
    expect(within(community).getByText('Community')).toBeInTheDocument();
    expect(within(community).getByText('High')).toBeInTheDocument();
    expect(within(community).getByText('Nuclei community templates (synced 2026-11-28)')).toBeInTheDocument();
    expect(within(community).queryByText('Not safe')).not.toBeInTheDocument();
    // A test that stays off while safe checks are on says so, and why.
    const notSafe = within(within(table).getByRole('row', { name: /Acme range denial of service/ })).getByText('Not safe');
    expect(notSafe.closest('[title]')).toHaveAttribute('title', 'Runs only in profiles with safe checks off: tagged dos');
    expect(within(within(table).getByRole('row', { name: /HTTP TRACE enabled/ })).getByText('Shipped')).toBeInTheDocument();
  });

  it('shows which tests the organisation ignores, and filters on it', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<TestCataloguePage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Vulnerability tests' });
    expect(within(within(table).getByRole('row', { name: /Acme console/ })).getByText('Ignored')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /HTTP TRACE enabled/ })).queryByText('Ignored')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('search', { name: 'Filter tests' })).getByRole('combobox', { name: 'Ignored' }));
    await user.click(await screen.findByRole('option', { name: 'Ignored' }));
    await waitFor(() => expect(stub.calls('GET', 'nvt/nvtests-simple/').at(-1)!.query.get('ignored')).toBe('true'));
    expect(search().get('ignored')).toBe('true');
  });

  it('ignores a test after a confirm that says its findings stop counting, and un-ignores one', async () => {
    const stub = api()
      .on('POST', 'nvt/nvtests-simple/:id/ignore/', { id: 'http-trace-enabled', ignored: true })
      .on('POST', 'nvt/nvtests-simple/:id/unignore/', json({ id: 'acme-console-exposed', ignored: false }));
    const { user } = renderWithApp(<TestCataloguePage />, { path: PATH });
    await screen.findByRole('table', { name: 'Vulnerability tests' });
    await user.click(screen.getByRole('button', { name: 'Ignore HTTP TRACE enabled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ignore test' });
    expect(dialog).toHaveTextContent(/stop counting in risk scores/);
    expect(stub.calls('POST', 'nvt/nvtests-simple/http-trace-enabled/ignore/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ignore test' }));
    await waitFor(() => expect(stub.calls('POST', 'nvt/nvtests-simple/http-trace-enabled/ignore/')).toHaveLength(1));
    expect(await screen.findByText('HTTP TRACE enabled is ignored: its findings no longer count.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Un-ignore Acme console' }));
    const again = await screen.findByRole('dialog', { name: 'Un-ignore test' });
    await user.click(within(again).getByRole('button', { name: 'Un-ignore test' }));
    await waitFor(() => expect(stub.calls('POST', 'nvt/nvtests-simple/acme-console-exposed/unignore/')).toHaveLength(1));
  });

  it('lists every refused template with its file, id and reason', async () => {
    api();
    renderWithApp(<TestCataloguePage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Refused templates' });
    const flow = within(table).getByRole('row', { name: /uses-flow\.yaml/ });
    expect(within(flow).getByText('uses-flow')).toBeInTheDocument();
    expect(within(flow).getByText("'flow' (JavaScript control of the requests) not supported")).toBeInTheDocument();
    expect(within(flow).getByText('Community folder nuclei')).toBeInTheDocument();
    const duplicate = within(table).getByRole('row', { name: /trace\.yaml/ });
    expect(within(duplicate).getByText(/the shipped check http\/http-trace-enabled\.yaml wins/)).toBeInTheDocument();
    const broken = within(table).getByRole('row', { name: /broken\.yaml/ });
    expect(within(broken).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('3 refused templates')).toBeInTheDocument();
  });

  it('searches the refused templates on their own endpoint', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<TestCataloguePage />, { path: PATH });
    await screen.findByRole('table', { name: 'Refused templates' });
    await user.type(screen.getByRole('textbox', { name: 'Search refused templates' }), 'flow');
    await waitFor(() => expect(stub.calls('GET', 'nvt/refused-templates/').at(-1)!.query.get('search')).toBe('flow'));
    expect(search().get('refused.search')).toBe('flow');
    expect(stub.calls('GET', 'nvt/nvtests-simple/').at(-1)!.query.get('search')).toBeNull();
  });

  it('says when every template loaded', async () => {
    api([]);
    renderWithApp(<TestCataloguePage />, { path: PATH });
    expect(await screen.findByText('Every template loaded.')).toBeInTheDocument();
  });
});
