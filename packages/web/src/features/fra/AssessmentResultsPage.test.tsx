// An assessment's results against a stubbed API: the state and sending progress, the funnel's figures (its text
// alternative) with the machine requests said apart, the results table with severity in words, a filter sent to the
// server, and a recipient's timeline drawer holding the evidence of a machine request (reasons, address, user agent).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_EVENTS } from '@bulwark/core';
import AssessmentResultsPage from './AssessmentResultsPage.tsx';
import { aResult, anAssessment, anEvent } from './fra-fixtures.ts';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const A = anAssessment({ state: 'sending', progress: 0.5, stats: { ...anAssessment().stats, sent: 20 } });
const PATH = '/fra/assessments/filter/:uuid';
const URL_ = `/fra/assessments/filter/${A.uuid}`;

/** A count for every event kind (the server sends them all). */
const kinds = (some: Record<string, number>) => ({ ...Object.fromEntries(TRACKING_EVENTS.map((k) => [k, 0])), ...some });

function api() {
  return stubApi()
    .on('GET', 'fra/assessments/:uuid/', A)
    .on(
      'GET',
      'fra/assessments/:uuid/results/',
      page([
        aResult(),
        aResult({
          id: 72,
          recipient: { id: 22, email: 'alan@example.com', name: '', department: '' },
          severity: 0,
          bot_events: 0,
          opened_at: null,
          clicked_at: null,
        }),
        aResult({
          id: 73,
          recipient: { id: 23, email: 'gone@example.com', name: '', department: '' },
          state: 'bounced',
          error: '550 5.1.1 No such mailbox',
          severity: 0,
          bot_events: 0,
          opened_at: null,
          clicked_at: null,
        }),
      ]),
    )
    .on('GET', 'fra/assessments/:uuid/timeline/', {
      bucket: 'hour',
      points: [{ at: '2026-11-20T10:00:00.000Z', human: kinds({ sent: 20, clicked: 10 }), bots: 17 }],
      totals: { human: kinds({ sent: 20, clicked: 10 }), bots: kinds({ clicked: 17 }) },
    })
    .on(
      'GET',
      'fra/targets/:id/events/',
      page([
        anEvent({
          id: 900,
          at: '2026-11-20T10:00:03.000Z',
          human: false,
          bot_reasons: ['too_soon', 'head_request'],
          ip: '203.0.113.9',
          user_agent: 'Proofpoint URL Defense',
        }),
        anEvent(),
      ]),
    );
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('AssessmentResultsPage', () => {
  it('shows the state, progress and the funnel of people with the machine requests apart', async () => {
    api();
    renderWithApp(<AssessmentResultsPage />, { path: PATH, url: URL_, session: aSession() });
    expect(await screen.findByRole('heading', { name: 'Q4 invoice lure' })).toBeInTheDocument();
    expect(screen.getByText('Sending')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sending progress: 50%' })).toBeInTheDocument();
    const funnel = screen.getByRole('table', { name: 'People at each step (machine requests not counted)' });
    const cells = within(funnel)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Sent', '20', '100%'],
      ['Opened', '20', '100%'],
      ['Clicked', '10', '50%'],
      ['Submitted data', '4', '20%'],
      ['Reported', '6', '30%'],
      ['Training completed', '3', '15%'],
    ]);
    expect(screen.getByTestId('bots-apart')).toHaveTextContent('17 requests by mail scanners and other machines were not counted.');
    const overTime = await screen.findByRole('table', { name: 'Events over time' });
    expect(within(overTime).getByRole('columnheader', { name: 'Machine requests (not counted)' })).toBeInTheDocument();
  });

  it('lists results with severity in words, filters them, and opens a recipient’s evidence', async () => {
    const stub = api();
    const { user } = renderWithApp(<AssessmentResultsPage />, { path: PATH, url: `${URL_}?severity=3`, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Results by recipient' });
    await waitFor(() => expect(stub.calls('GET', 'fra/assessments/:uuid/results/').at(-1)!.query.getAll('severity')).toEqual(['3']));
    const grace = within(table).getByText('Grace Hopper').closest('tr')!;
    expect(within(grace).getByText('High')).toBeInTheDocument();
    expect(within(grace).getByText('2 not counted')).toBeInTheDocument();
    expect(within(grace).getByText('Finance')).toBeInTheDocument();
    // A bounce says why, in the mail server's words.
    const gone = within(table).getByText('gone@example.com').closest('tr')!;
    expect(within(gone).getByText('550 5.1.1 No such mailbox')).toBeInTheDocument();

    await user.click(within(grace).getByRole('button', { name: 'Timeline of grace@example.com' }));
    const drawer = await screen.findByRole('dialog', { name: 'Timeline of Grace Hopper' });
    const machine = (await within(drawer).findByText('Machine, not counted')).closest('[data-event]') as HTMLElement;
    expect(within(machine).getByText('Came too soon after delivery')).toBeInTheDocument();
    expect(within(machine).getByText('HEAD request')).toBeInTheDocument();
    expect(within(machine).getByText(/203\.0\.113\.9/)).toBeInTheDocument();
    expect(within(machine).getByText('Proofpoint URL Defense')).toBeInTheDocument();
    const person = within(drawer).getByText('Person').closest('[data-event]') as HTMLElement;
    expect(within(person).getByText('Clicked')).toBeInTheDocument();
    expect(within(person).queryByRole('list', { name: 'Why it was judged a machine' })).not.toBeInTheDocument();
    expect(stub.calls('GET', 'fra/targets/:id/events/')[0]!.path).toBe('fra/targets/71/events/');
  });
});
