// The web test catalogue against a stubbed API (nvt/wvtests-simple/): the tests with their OWASP category, severity and
// kind, the filters sent to the server, and a test's details in a drawer.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebCatalogPage from './WebCatalogPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const TESTS = [
  {
    id: 'web-sqli-error',
    name: 'SQL injection (error-based)',
    category: 'sql-injection',
    severity: 4,
    cwe: ['CWE-89'],
    owasp: 'A03:2021',
    kind: 'active',
    description: 'A parameter reaches an SQL query unescaped.',
    solution: 'Use parameterised queries.',
    references: ['https://owasp.org/Top10/A03_2021-Injection/'],
  },
  {
    id: 'web-cookie-flags',
    name: 'Cookie without Secure or HttpOnly',
    category: 'cookies',
    severity: 1,
    cwe: ['CWE-614'],
    owasp: 'A05:2021',
    kind: 'passive',
  },
];

describe('WebCatalogPage', () => {
  it('lists the web tests and sends the filters', async () => {
    const stub = stubApi().on('GET', 'nvt/wvtests-simple/', page(TESTS));
    const { user } = renderWithApp(<WebCatalogPage />, { path: '/was/catalog', url: '/was/catalog' });
    const table = await screen.findByRole('table', { name: 'Web tests' });
    const sqli = within(table).getByRole('row', { name: /SQL injection/ });
    expect(within(sqli).getByText('A03 Injection')).toBeInTheDocument();
    expect(within(sqli).getByText('Critical')).toBeInTheDocument();
    expect(within(sqli).getByText('Active')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Cookie/ })).toHaveTextContent('Passive');

    const filters = screen.getByRole('search', { name: 'Filter web tests' });
    await user.click(within(filters).getByRole('combobox', { name: 'OWASP Top 10' }));
    await user.click(await screen.findByRole('option', { name: 'A03 Injection' }));
    await waitFor(() => expect(stub.calls('GET', 'nvt/wvtests-simple/').at(-1)!.query.get('owasp')).toBe('A03:2021'));
  });

  it('opens a test’s description, solution and references', async () => {
    stubApi().on('GET', 'nvt/wvtests-simple/', page(TESTS));
    const { user } = renderWithApp(<WebCatalogPage />, { path: '/was/catalog', url: '/was/catalog' });
    await user.click(await screen.findByRole('button', { name: 'Details of SQL injection (error-based)' }));
    const drawer = await screen.findByRole('dialog', { name: 'SQL injection (error-based)' });
    expect(within(drawer).getByText('Use parameterised queries.')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'CWE-89' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: /owasp.org/ })).toBeInTheDocument();
  });

  it('says when no test matches', async () => {
    stubApi().on('GET', 'nvt/wvtests-simple/', page([]));
    renderWithApp(<WebCatalogPage />, { path: '/was/catalog', url: '/was/catalog?search=nothing' });
    expect(await screen.findByText('No web test matches this search.')).toBeInTheDocument();
  });
});
