// The training reports page against a stubbed API shaped by core's report contract: the list asks for the phishing
// recipients scope only, a new training report is started with that scope, and the schedules and templates pages
// point to the reports' own.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { report, type Report } from '@bulwark/core';
import TrainingReportsPage, { TRAINING_REPORTS_TEXT } from './TrainingReportsPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

function aReport(o: Partial<Report> = {}): Report {
  return report.parse({
    id: 21,
    name: 'Phishing May',
    template: null,
    template_name: null,
    format: 'pdf',
    scope_kind: 'pat_recipients',
    scope: { filters: {}, scan: null },
    state: 'finished',
    progress: { current: 10, total: 10 },
    task_id: null,
    error: null,
    file_name: 'phishing.pdf',
    file_size: 10_240,
    schedule: null,
    created_by: 'ada@example.com',
    created_at: '2026-05-04T10:00:00Z',
    finished_at: '2026-05-04T10:01:00Z',
    expires_at: null,
    ...o,
  });
}

describe('TrainingReportsPage', () => {
  it('lists the phishing recipients reports and starts a new one with that scope', async () => {
    const stub = stubApi()
      .on('GET', 'reports/', page([aReport()]))
      .on('GET', 'reports/template/', page([]))
      .on('POST', 'reports/', json(aReport({ id: 22, state: 'pending' }), 201));
    const { user } = renderWithApp(<TrainingReportsPage />, { path: '/fra-reports/reports' });
    expect(await screen.findByRole('link', { name: 'Phishing May' })).toHaveAttribute('href', '/reports/reports/view/21');
    expect(stub.calls('GET', 'reports/')[0]!.query.getAll('scope_kind')).toEqual(['pat_recipients']);

    await user.click(screen.getByRole('button', { name: 'New training report' }));
    const form = await screen.findByRole('form', { name: 'New training report' });
    await user.click(within(form).getByRole('button', { name: 'Start report' }));
    await waitFor(() => expect(stub.calls('POST', 'reports/')).toHaveLength(1));
    expect(stub.calls('POST', 'reports/')[0]!.body).toEqual({
      name: expect.stringMatching(/^Phishing and training report /),
      template: null,
      format: 'pdf',
      scope_kind: 'pat_recipients',
      scope: { filters: {}, scan: null },
    });
  });

  it('says so when there is none yet', async () => {
    stubApi().on('GET', 'reports/', page([]));
    renderWithApp(<TrainingReportsPage />, { path: '/fra-reports/reports' });
    expect(await screen.findByText('No training reports yet')).toBeInTheDocument();
  });

  it('points the schedules page to the report schedules, under the route’s own title', () => {
    renderWithApp(<TrainingReportsPage />, { path: '/fra-reports/schedules' });
    expect(screen.getByRole('heading', { level: 1, name: 'Training report schedules' })).toBeInTheDocument();
    expect(screen.getByText(TRAINING_REPORTS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report schedules' })).toHaveAttribute('href', '/reports/schedules');
    expect(screen.getByRole('link', { name: 'Training reports' })).toHaveAttribute('href', '/fra-reports/reports');
  });
});
