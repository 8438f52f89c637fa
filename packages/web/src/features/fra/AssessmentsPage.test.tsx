// The assessment list against a stubbed API: each assessment with its state in words, templates and what people did
// with the machine requests apart; the state filter; start and cancel after a confirm (the calls and toasts); delete;
// actions hidden from a reader; and the empty state with its action.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AssessmentsPage from './AssessmentsPage.tsx';
import { ZERO_STATS, anAssessment } from './fra-fixtures.ts';
import { ASSESSMENT_MESSAGES } from './use-assessment-actions.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/assessments';
const RUNNING = anAssessment();
const DRAFT = anAssessment({
  id: 2,
  uuid: 'a1b2c3d4-0000-4000-8000-000000000002',
  name: 'Password reset',
  state: 'draft',
  stats: ZERO_STATS,
  progress: 0,
  started: null,
});

function api(list = [RUNNING, DRAFT]) {
  return stubApi()
    .on('GET', 'fra/assessments/', (r) =>
      json({
        count: list.length,
        next: null,
        previous: null,
        results: list.filter((a) => !r.query.getAll('state').length || r.query.getAll('state').includes(a.state)),
      }),
    )
    .on('POST', 'fra/assessments/:uuid/start/', json(anAssessment({ ...DRAFT, state: 'sending' })))
    .on('POST', 'fra/assessments/:uuid/cancel/', json(anAssessment({ state: 'cancelled' })))
    .on('DELETE', 'fra/assessments/:uuid/', json(undefined, 204));
}

const table = () => screen.findByRole('table', { name: 'Assessments' });
const row = async (name: string) => (await within(await table()).findByRole('link', { name })).closest('tr')!;

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('AssessmentsPage', () => {
  it('lists assessments with their state in words and what people did, bots apart', async () => {
    const stub = api();
    renderWithApp(<AssessmentsPage />, { path: PATH, session: aSession() });
    const running = await row('Q4 invoice lure');
    expect(stub.calls('GET', 'fra/assessments/')[0]!.query.get('ordering')).toBe('-created');
    expect(within(running).getByRole('link', { name: 'Q4 invoice lure' })).toHaveAttribute(
      'href',
      `/fra/assessments/filter/${RUNNING.uuid}`,
    );
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).getByText('Unpaid invoice')).toBeInTheDocument();
    expect(within(running).getByText('40 sent · 10 clicked · 4 submitted · 6 reported')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: 'Q4 invoice lure: 25% clicked, 10% submitted data' })).toBeInTheDocument();
    expect(within(running).getByText('17 not counted')).toBeInTheDocument();
    expect(within(running).queryByRole('link', { name: 'Edit Q4 invoice lure' })).not.toBeInTheDocument();
    const draft = await row('Password reset');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: 'Edit Password reset' })).toHaveAttribute('href', `/fra/assessments/edit/${DRAFT.uuid}`);
    expect(within(draft).queryByRole('button', { name: 'Cancel Password reset' })).not.toBeInTheDocument();
  });

  it('filters by state', async () => {
    const stub = api();
    renderWithApp(<AssessmentsPage />, { path: PATH, url: `${PATH}?state=draft`, session: aSession() });
    await row('Password reset');
    expect(stub.calls('GET', 'fra/assessments/').at(-1)!.query.getAll('state')).toEqual(['draft']);
    expect(within(await table()).queryByText('Q4 invoice lure')).not.toBeInTheDocument();
  });

  it('starts a draft and cancels a running assessment after a confirm', async () => {
    const stub = api();
    const { user } = renderWithApp(<AssessmentsPage />, { path: PATH, session: aSession() });
    await user.click(within(await row('Password reset')).getByRole('button', { name: 'Start Password reset' }));
    const start = await screen.findByRole('dialog', { name: 'Start assessment' });
    await user.click(within(start).getByRole('button', { name: 'Start assessment' }));
    await waitFor(() =>
      expect(stub.calls('POST', 'fra/assessments/:uuid/start/').map((c) => c.path)).toEqual([`fra/assessments/${DRAFT.uuid}/start/`]),
    );
    expect(await screen.findByText(ASSESSMENT_MESSAGES.started)).toBeInTheDocument();

    await user.click(within(await row('Q4 invoice lure')).getByRole('button', { name: 'Cancel Q4 invoice lure' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel assessment' });
    await user.click(within(cancel).getByRole('button', { name: 'Keep it as it is' }));
    expect(stub.calls('POST', 'fra/assessments/:uuid/cancel/')).toHaveLength(0);
    await user.click(within(await row('Q4 invoice lure')).getByRole('button', { name: 'Cancel Q4 invoice lure' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel assessment' })).getByRole('button', { name: 'Cancel assessment' }),
    );
    await waitFor(() => expect(stub.calls('POST', 'fra/assessments/:uuid/cancel/')).toHaveLength(1));
    expect(await screen.findByText(ASSESSMENT_MESSAGES.cancelled)).toBeInTheDocument();
  });

  it('deletes an assessment, and says so when the server refuses', async () => {
    const stub = api().on('DELETE', 'fra/assessments/:uuid/', json({ detail: 'You do not have permission to perform this action.' }, 403));
    const { user } = renderWithApp(<AssessmentsPage />, { path: PATH, session: aSession() });
    await user.click(within(await row('Password reset')).getByRole('button', { name: 'Delete Password reset' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete assessment' })).getByRole('button', { name: 'Delete assessment' }),
    );
    await waitFor(() => expect(stub.calls('DELETE', 'fra/assessments/:uuid/')).toHaveLength(1));
    expect(await screen.findByText(/You do not have permission/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete assessment' })).toBeInTheDocument();
  });

  it('shows a reader no action that changes anything', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { phishing: ['read'] } });
    renderWithApp(<AssessmentsPage />, { path: PATH, session: aSession(reader) });
    const draft = await row('Password reset');
    expect(within(draft).getByRole('link', { name: 'Results of Password reset' })).toBeInTheDocument();
    for (const name of ['Start Password reset', 'Delete Password reset'])
      expect(within(draft).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(draft).queryByRole('link', { name: 'Edit Password reset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New assessment' })).not.toBeInTheDocument();
  });

  it('says how to start when there is no assessment yet', async () => {
    api([]);
    renderWithApp(<AssessmentsPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No assessments yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New assessment' }).at(-1)).toHaveAttribute('href', '/fra/assessments/edit/new');
  });
});
