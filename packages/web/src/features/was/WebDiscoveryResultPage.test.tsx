// The discovery result page against a stubbed API (scan/wruns/, its web extras, the site map): the run's hosts and
// technologies, and a virtual host it found added as a web application.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebDiscoveryResultPage from './WebDiscoveryResultPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aSitemapEntry, aSitemapTree, aWebRun, aWebRunDetail } from './testing/fixtures.ts';

function discoveryApi(run = aWebRun()): ApiStub {
  return stubApi()
    .on('GET', 'scan/wruns/41/', run)
    .on('GET', 'scan/wruns/41/web/', aWebRunDetail())
    .on('GET', 'scan/wruns/41/errors/', [])
    .on('GET', 'sitemaps/tree/', aSitemapTree())
    .on('GET', 'sitemaps/', page([aSitemapEntry()]));
}

describe('WebDiscoveryResultPage', () => {
  it('adds a virtual host a discovery run found as a web application', async () => {
    const stub = discoveryApi(aWebRun({ is_was_discovery: true, name: 'Shop discovery' })).on('POST', 'assets/assets/', (request) =>
      json({ id: 95, ...(request.body as object) }, 201),
    );
    const { user } = renderWithApp(<WebDiscoveryResultPage />, {
      path: '/was/scans/view/rdwas/:runId',
      url: '/was/scans/view/rdwas/41',
      session: aSession(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop discovery' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Hosts and technologies' }));
    await user.click(await screen.findByRole('button', { name: 'Add http://admin.shop.test/ as a web application' }));
    await waitFor(() => expect(stub.calls('POST', 'assets/assets/')).toHaveLength(1));
    expect(stub.calls('POST', 'assets/assets/')[0]!.body).toEqual({ value: 'http://admin.shop.test/', name: 'admin.shop.test' });
  }, 60_000);
});
