// The vulnerability-test catalogue against a stubbed API: shipped and community tests with their source, the refused
// templates with file, id and reason, and each list's search sent to its own endpoint.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TestCataloguePage from '../src/features/catalogue/TestCataloguePage.tsx';
import { page, stubApi, type ApiStub } from './support/api-stub.ts';
import { renderWithApp } from './support/render.tsx';

const PATH = '/vt/vulnerability-tests';
const test = (id: string, name: string, source: 'shipped' | 'community', severity = 2) => ({
  id,
  name,
  category: source === 'community' ? 'uncategorized' : 'web-servers',
  severity,
  cve: [],
  tags: [],
  description: '',
  solution: '',
  source,
});
const TESTS = [
  test('http-trace-enabled', 'HTTP TRACE enabled', 'shipped', 1),
  test('acme-console-exposed', 'Acme console', 'community', 3),
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
    expect(within(within(table).getByRole('row', { name: /HTTP TRACE enabled/ })).getByText('Shipped')).toBeInTheDocument();
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
