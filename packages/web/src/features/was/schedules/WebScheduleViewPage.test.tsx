// The web schedule page against a stubbed API: it names the targets by URL and lists the web runs of the schedule's
// scan, a discovery run opening its discovery result.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebScheduleViewPage from './WebScheduleViewPage.tsx';
import { page } from '../../../../test/support/api-stub.ts';
import { aSession } from '../../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';
import { aWebRun } from '../testing/fixtures.ts';
import { aWebSchedule, webScheduleApi } from '../testing/schedules.ts';

describe('WebScheduleViewPage', () => {
  it('names the web applications by URL and lists the web runs of the schedule’s scan', async () => {
    const stub = webScheduleApi()
      .on('GET', 'scan/schedules/by-scan/:scanId/', aWebSchedule())
      .on('GET', 'scan/wruns/', page([aWebRun({ id: 77, scan_id: 42, scheduled: true, is_was_discovery: true })]));
    renderWithApp(<WebScheduleViewPage />, { path: '/was/schedules/view/:scanId', url: '/was/schedules/view/42', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop weekly' })).toBeInTheDocument();
    expect(await screen.findByText(/http:\/\/127\.0\.0\.9\/ \(virtual hosts: admin\.shop\.test\) — discovery only/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All schedules' })).toHaveAttribute('href', '/was/schedules');
    const runs = await screen.findByRole('table', { name: 'Runs of this schedule' });
    expect((await within(runs).findAllByRole('link'))[0]).toHaveAttribute('href', '/was/scans/view/rdwas/77');
    await waitFor(() => expect(stub.calls('GET', 'scan/wruns/')).toHaveLength(1));
    expect(stub.calls('GET', 'scan/wruns/')[0]!.query.get('scan')).toBe('42');
  });
});
