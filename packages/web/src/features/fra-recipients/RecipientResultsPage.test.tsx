// The recipient results against a stubbed API: how far each person got (machines' requests not counted, only their
// number), training score and severity in words, links to the recipient and the assessment; the filters read from the
// address (assessment, reached step, severity, department, search); and the empty state.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RecipientResultsPage from './RecipientResultsPage.tsx';
import { aResult } from './fixtures.ts';
import { page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/recipient-results';
const ROWS = [
  aResult(),
  aResult({
    id: 12,
    recipient: { id: 8, email: 'bob@example.com', name: '', department: '' },
    opened_at: null,
    clicked_at: null,
    submitted_at: null,
    reported_at: '2026-11-02T09:10:00Z',
    severity: 0,
    bot_events: 0,
    training_score: 100,
  }),
];

function api(rows = ROWS): ApiStub {
  return stubApi()
    .on('GET', 'fra/recipient-results/', page(rows))
    .on('GET', 'fra/assessments/', page([{ uuid: 'a1b2c3', name: 'Q4 invoices' }]))
    .on('GET', 'fra/recipients/departments/', [{ department: 'Finance', recipients: 1, active: 1 }]);
}

describe('RecipientResultsPage', () => {
  it('shows how far each person got, apart from machines’ requests', async () => {
    api();
    renderWithApp(<RecipientResultsPage />, { path: PATH, session: aSession() });
    const rows = within(await screen.findByRole('table', { name: 'Recipient results' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/fra/recipients/7');
    expect(within(rows[0]!).getByRole('link', { name: 'Q4 invoices' })).toHaveAttribute('href', '/fra/assessments/filter/a1b2c3');
    expect(within(rows[0]!).getByText('Clicked')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Medium')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1 not counted')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Delivered · Reported')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('100%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Neutral')).toBeInTheDocument();
  });

  it('asks for the filters named in the address', async () => {
    const stub = api();
    renderWithApp(<RecipientResultsPage />, {
      path: PATH,
      url: `${PATH}?assessment=a1b2c3&reached=clicked&severity=3&department=Finance&search=ada`,
      session: aSession(),
    });
    await screen.findByRole('table', { name: 'Recipient results' });
    const query = stub.calls('GET', 'fra/recipient-results/')[0]!.query;
    expect(query.get('assessment')).toBe('a1b2c3');
    expect(query.get('reached')).toBe('clicked');
    expect(query.getAll('severity')).toEqual(['3']);
    expect(query.get('department')).toBe('Finance');
    expect(query.get('search')).toBe('ada');
    expect(query.get('ordering')).toBe('-sent_at');
  });

  it('says when there are no results yet', async () => {
    api([]);
    renderWithApp(<RecipientResultsPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No results yet.')).toBeInTheDocument();
  });
});
