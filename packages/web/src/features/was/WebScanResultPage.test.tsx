// The web scan result page against a stubbed API (scan/wruns/, its web extras, the site map and the unified findings):
// the summary's web facts and technologies, findings by OWASP category with the application's web findings linking to
// their vulnerability, and the site map tree narrowing the requests.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebScanResultPage from './WebScanResultPage.tsx';
import { page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aVulnerability } from '../../../test/support/vulnerabilities.ts';
import { aSitemapEntry, aSitemapTree, aWebRun, aWebRunDetail } from './testing/fixtures.ts';

function api(run = aWebRun()): ApiStub {
  return stubApi()
    .on('GET', 'scan/wruns/41/', run)
    .on('GET', 'scan/wruns/41/web/', aWebRunDetail())
    .on('GET', 'scan/wruns/41/errors/', [])
    .on('GET', 'sitemaps/tree/', aSitemapTree())
    .on('GET', 'sitemaps/', page([aSitemapEntry()]))
    .on(
      'GET',
      'remediation/vulnerability-simple/',
      page([
        aVulnerability({
          id: 501,
          name: 'SQL injection (error-based)',
          source: 'web',
          check_id: 'web-sqli-error',
          severity: 4,
          severity_label: 'Critical',
        }),
      ]),
    );
}

describe('WebScanResultPage', () => {
  it('shows the web facts, the findings by OWASP category and the web findings', async () => {
    const stub = api();
    renderWithApp(<WebScanResultPage />, { path: '/was/scans/view/was/:runId', url: '/was/scans/view/was/41', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop web scan' })).toBeInTheDocument();
    expect(await screen.findByText('1,250')).toBeInTheDocument();
    expect(screen.getByText('Signed in')).toBeInTheDocument();
    expect(await screen.findByText('nginx 1.22.1')).toBeInTheDocument();
    // The run's pace: requests per second between samples, in words and as the chart's table.
    expect(screen.getByTestId('web-pace-summary')).toHaveTextContent('1250 requests in 2:05: 10.0 per second on average, at most 15.0');
    const pace = screen.getByRole('table', { name: 'Requests over time' });
    expect(within(pace).getByRole('row', { name: /^0:30 450 15 30 Crawl$/ })).toBeInTheDocument();
    expect(within(pace).getByRole('row', { name: /^2:05 1250 7\.7 37 Done$/ })).toBeInTheDocument();
    const owasp = await screen.findByRole('table', { name: 'This run’s findings by OWASP Top 10 category' });
    expect(within(owasp).getByRole('row', { name: /A03 Injection/ })).toHaveTextContent('1');
    const findings = await screen.findByRole('table', { name: 'Web findings' });
    expect(within(findings).getByRole('link', { name: 'SQL injection (error-based)' })).toBeInTheDocument();
    const query = stub.calls('GET', 'remediation/vulnerability-simple/').at(-1)!.query;
    expect(query.get('unified_asset')).toBe('90');
    expect(query.get('source')).toBe('web');
    // Only what this run saw or closed, in every state.
    expect(query.get('run')).toBe('41');
    expect(query.getAll('finding_state')).toEqual(['0', '1', '2', '3']);
  }, 60_000);

  it('narrows the site map’s requests to the folder chosen in the tree', async () => {
    const stub = api();
    const { user } = renderWithApp(<WebScanResultPage />, {
      path: '/was/scans/view/was/:runId',
      url: '/was/scans/view/was/41',
      session: aSession(),
    });
    await user.click(await screen.findByRole('tab', { name: /Site map/ }));
    const tree = await screen.findByRole('list', { name: 'Site map' });
    expect(within(tree).getByRole('button', { name: 'Close products' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(tree).getByRole('button', { name: /^item/ }));
    await waitFor(() => expect(stub.calls('GET', 'sitemaps/').at(-1)!.query.get('under')).toBe('http://127.0.0.9/products/item'));
    expect(stub.calls('GET', 'sitemaps/').at(-1)!.query.get('run')).toBe('41');
    const table = await screen.findByRole('table', { name: 'Site map' });
    expect(within(table).getByText('http://127.0.0.9/products/item?id=1')).toBeInTheDocument();
  }, 60_000);
});
