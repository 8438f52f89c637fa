// The phishing finding page against a stubbed API: the issue (name, severity, what happened, what to do) read through
// the issue API like IssuePage; the recipients affected, each linked to its recipient page (the recipients of the page's
// assets asked in one call; an asset without a recipient linked to the asset page); and a hid nobody has.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PatFindingPage from './PatFindingPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aVulnerability, anIssueDetails } from '../../../test/support/vulnerabilities.ts';

const PATH = '/vm/unified-vulnerabilities/pat/:hid';
const BASE = 'unified-assets/issues/pat-submitted/';
const FINDINGS = [
  aVulnerability({
    id: 21,
    hid: 'pat-submitted',
    source: 'pat',
    asset: { id: 70, asset_name: 'Ada Byron', asset_type: 5, criticality: 2 },
  }),
  aVulnerability({
    id: 22,
    hid: 'pat-submitted',
    source: 'pat',
    asset: { id: 80, asset_name: 'bob@example.com', asset_type: 5, criticality: 2 },
  }),
];

function api(): ApiStub {
  return stubApi()
    .on(
      'GET',
      `${BASE}details/`,
      anIssueDetails({
        hid: 'pat-submitted',
        name: 'Submitted data on a phishing page',
        source: 'pat',
        severity: 4,
        severity_label: 'Critical',
        description: 'The recipient typed data into a phishing landing page.',
        solution: 'Complete the awareness training.',
        counts: { open: 2, closed: 0, ignored: 0, assets: 2 },
      }),
    )
    .on('GET', `${BASE}assets/`, page(FINDINGS))
    .on('GET', 'fra/recipients/', (r) => json(page(r.query.getAll('asset').includes('70') ? [{ id: 7, asset_id: 70 }] : [])))
    .on('GET', 'unified-assets/issues/pat-nobody/details/', json({ detail: 'Not found.' }, 404));
}

describe('PatFindingPage', () => {
  it('shows the behaviour and the recipients it was found on, linked to their pages', async () => {
    const stub = api();
    renderWithApp(<PatFindingPage />, { path: PATH, url: '/vm/unified-vulnerabilities/pat/pat-submitted' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Submitted data on a phishing page' })).toBeInTheDocument();
    expect(screen.getByText('Critical')).toBeInTheDocument();
    expect(screen.getByText('On 2 recipients, 2 open')).toBeInTheDocument();
    expect(screen.getByText('The recipient typed data into a phishing landing page.')).toBeInTheDocument();
    expect(screen.getByText('Complete the awareness training.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recipients affected' });
    await waitFor(() => expect(within(table).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/fra/recipients/7'));
    expect(within(table).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute('href', '/assets/unified-assets/view/80');
    // One call for the page's assets.
    expect(stub.calls('GET', 'fra/recipients/').map((c) => c.query.getAll('asset').sort())).toEqual([['70', '80']]);
  });

  it('says so when no recipient has the finding', async () => {
    api();
    renderWithApp(<PatFindingPage />, { path: PATH, url: '/vm/unified-vulnerabilities/pat/pat-nobody' });
    expect(await screen.findByRole('alert')).toHaveTextContent('No recipient you may see has this phishing finding');
  });
});
