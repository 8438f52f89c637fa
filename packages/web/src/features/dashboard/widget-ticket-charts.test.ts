// How the ticket widgets are drawn: open tickets by status as a pie or bars whose clicks open the ticket list with that
// status (a list display is no chart), the empty message when none is open, time to fix as bars by severity with its
// figures as a table, and overdue tickets never as a chart (a value and a list).
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import type { WidgetData } from '@bulwark/core';
import { themeColor } from '../../components/charts/chart-colors.ts';
import { widgetChart } from './widget-charts.ts';
import { configOf, defaultDays, usesDays } from './widget-form.ts';
import { linkForStatus } from './widget-ticket-charts.ts';

const color = (name: string, shade?: number) => themeColor(DEFAULT_THEME, name, shade);

const byStatus: Extract<WidgetData, { kind: 'tickets_by_status' }> = {
  kind: 'tickets_by_status',
  segments: [
    { status: 0, label: 'Open', count: 5, link: '/remediation/unified-tickets?status=0' },
    { status: 4, label: 'In progress', count: 2, link: '/remediation/unified-tickets?status=4' },
    { status: 1, label: 'Solution applied', count: 1, link: '/remediation/unified-tickets?status=1' },
  ],
  total: 8,
  link: '/remediation/unified-tickets?status=0&status=4&status=1',
};

describe('ticket widgets', () => {
  it('draws open tickets by status as a pie whose slices open their list', () => {
    const chart = widgetChart(byStatus, 1, {}, 'Open tickets', color)!;
    expect(chart.label).toBe('Pie chart of 8 open tickets by status: Open 5, In progress 2, Solution applied 1');
    expect(chart.table.rows).toEqual([
      ['Open', 5],
      ['In progress', 2],
      ['Solution applied', 1],
      ['All open', 8],
    ]);
    expect(chart.linkFor!({ name: 'In progress', dataIndex: 1 } as never)).toBe('/remediation/unified-tickets?status=4');
    expect(linkForStatus(byStatus, { name: 'unknown', dataIndex: 2 })).toBe('/remediation/unified-tickets?status=1');
    expect(chart.legend?.map((l) => l.label)).toEqual(['Open', 'In progress', 'Solution applied']);
    // Bars too; a list is drawn by the view, not as a chart.
    expect(widgetChart(byStatus, 8, {}, 'Open tickets', color)?.label).toMatch(/^Bar chart of 8 open tickets/);
    expect(widgetChart(byStatus, 5, {}, 'Open tickets', color)).toBeNull();
    const none = { ...byStatus, total: 0, segments: byStatus.segments.map((s) => ({ ...s, count: 0 })) };
    expect(widgetChart(none, 1, {}, 'Open tickets', color)?.empty).toBe('No open tickets: rules and people open them from findings.');
  });

  it('draws the median days to fix by severity, and says when nothing was fixed', () => {
    const data: WidgetData = {
      kind: 'ticket_time_to_fix',
      by_severity: [
        { severity: 4, days: 8, fixed: 3 },
        { severity: 3, days: 2, fixed: 1 },
        { severity: 2, days: null, fixed: 0 },
        { severity: 1, days: null, fixed: 0 },
      ],
      days: 90,
    };
    const chart = widgetChart(data, 8, {}, 'Time to fix', color)!;
    expect(chart.label).toBe(
      'Bar chart of median days to fix tickets by severity, tickets fixed in the last 90 days: Critical 8 days, High 2 days, Medium none fixed, Low none fixed',
    );
    expect(chart.table.rows[0]).toEqual(['Critical', '8', 3]);
    const idle = { ...data, by_severity: data.by_severity.map((r) => ({ ...r, days: null, fixed: 0 })) };
    expect(widgetChart(idle, 8, {}, 'Time to fix', color)?.empty).toBe('No ticket was fixed in the last 90 days.');
    // It reads a window of days, 90 unless told otherwise.
    expect(usesDays('ticket_time_to_fix')).toBe(true);
    expect(defaultDays('ticket_time_to_fix')).toBe(90);
    expect(usesDays('overdue_tickets')).toBe(false);
    expect(configOf({ kind: 'ticket_time_to_fix', days: '30', series: [], layout: '1' } as never)).toEqual({ days: 30 });
  });

  it('never draws overdue tickets as a chart', () => {
    const data: WidgetData = {
      kind: 'overdue_tickets',
      count: 2,
      with_due_date: 3,
      items: [],
      link: '/remediation/unified-tickets?overdue=true',
    };
    expect(widgetChart(data, 3, {}, 'Overdue', color)).toBeNull();
  });
});
