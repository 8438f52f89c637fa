// The dashboard page against a stubbed API: the user's dashboards (default first) and the default's widgets; a widget of
// each kind with its figures (charts draw SVG, so their figures are read from their accessible tables and names); one
// failing widget beside working ones; a click on a chart segment opening its list; adding a widget (kind, display,
// config, first free slot at the bottom) with its preview; editing the layout and saving it; removing a widget; new,
// rename, delete and reset-to-default of dashboards.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboard, widget, widgetData, type Dashboard, type Widget, type WidgetData } from '@bulwark/core';
import DashboardPage from './DashboardPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

function aDashboard(o: Partial<Dashboard> = {}): Dashboard {
  return dashboard.parse({
    id: 1,
    name: 'My dashboard',
    scope: 'dashboard',
    team: null,
    tag: null,
    is_default: true,
    created: '2026-11-20T10:00:00.000Z',
    updated: '2026-11-20T10:00:00.000Z',
    ...o,
  });
}

function aWidget(o: Partial<Widget> & Pick<Widget, 'id' | 'kind'>): Widget {
  return widget.parse({ dashboard: 1, title: '', width: 4, height: 3, config: {}, display_type: 1, slot: 0, teams: [], tags: [], ...o });
}

const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20'];
const point = (day: string, i: number) => ({
  day,
  critical: 2 + i,
  high: 5,
  medium: 9 - i,
  low: 1,
  total: 17,
  average: 40 + i,
  detected: 2 * i + 1,
  fixed: i,
});

const DATA: Record<string, WidgetData> = {
  risk: {
    kind: 'customer_average_risk_score',
    value: 42.5,
    assets: 12,
    trend: DAYS.map((day, i) => ({ day, value: 40 + i })),
    link: '/vm/unified-vulnerabilities?group=asset',
  },
  trend: { kind: 'vulnerability_trend', points: DAYS.map(point), link: '/vm/unified-vulnerabilities' },
  detected: { kind: 'detected_vs_fixed', points: DAYS.map((day, i) => ({ day, detected: 2 * i + 1, fixed: i })) },
  mttr: {
    kind: 'mean_time_to_resolution',
    days: 90,
    by_severity: [
      { severity: 4, days: 3.5, closed: 2 },
      { severity: 3, days: 12, closed: 7 },
      { severity: 2, days: null, closed: 0 },
      { severity: 1, days: 30.2, closed: 1 },
      { severity: 0, days: null, closed: 0 },
    ],
  },
  inventory: {
    kind: 'asset_inventory',
    segments: [
      { key: 'host', label: 'Hosts', count: 10, link: '/assets/unified-assets?kind=host' },
      { key: 'network', label: 'Networks and ranges', count: 1, link: '/assets/unified-assets?category=systems_and_networks' },
      { key: 'webapp', label: 'Web applications', count: 1, link: '/assets/unified-assets?category=web_applications' },
    ],
    total: 12,
    with_open_findings: 5,
  },
  news: {
    kind: 'news_feed',
    items: [
      {
        id: 3,
        title: 'Patch Tuesday',
        category_label: 'Security alert',
        show_at: '2026-11-19T08:00:00.000Z',
        link: '/vm/unified-vulnerabilities',
      },
      { id: 2, title: 'Maintenance window', category_label: 'Maintenance', show_at: '2026-11-10T08:00:00.000Z', link: null },
    ],
  },
  benchmark: {
    kind: 'industry_benchmark',
    available: false,
    contributors: 2,
    mine: { average_risk: 42.5, open_per_asset: 1.4 },
    industry: null,
  },
  owasp: {
    kind: 'owasp_top_10',
    categories: [],
    total: 0,
    uncategorised: 0,
    // The server's words while no web finding is open (the widget reads real web findings since web scans exist).
    message: 'No open web-application findings: the OWASP top 10 fills in as web scans find them.',
    link: '/vm/unified-vulnerabilities?source=web',
  },
  recipients: {
    kind: 'recipients_by_severity',
    available: false,
    // The server's words while the customer has no active recipients.
    message: 'No recipients yet: add or import them under Phishing and training, Recipients.',
  },
};

/** The server's default dashboard: risk gauge and trend on top, detected vs fixed and resolution, then the rest. */
const DEFAULT_WIDGETS: Widget[] = [
  aWidget({ id: 1, kind: 'customer_average_risk_score', title: 'Average asset risk', display_type: 4, slot: 0 }),
  aWidget({
    id: 2,
    kind: 'vulnerability_trend',
    title: 'Open vulnerabilities',
    display_type: 2,
    width: 8,
    slot: 4,
    config: { days: 30, series: [1, 2, 3, 4], layout: 2 },
  }),
  aWidget({ id: 3, kind: 'detected_vs_fixed', title: 'Detected vs fixed', display_type: 7, width: 6, slot: 300, config: { days: 30 } }),
  aWidget({ id: 4, kind: 'mean_time_to_resolution', title: 'Mean time to resolution', display_type: 8, width: 6, slot: 306 }),
  aWidget({ id: 5, kind: 'asset_inventory', title: 'Asset inventory', display_type: 1, slot: 600 }),
  aWidget({ id: 6, kind: 'news_feed', title: 'News', display_type: 5, slot: 604 }),
  aWidget({ id: 7, kind: 'industry_benchmark', title: 'Compared with others', display_type: 8, slot: 608 }),
  aWidget({ id: 8, kind: 'owasp_top_10', title: 'OWASP', display_type: 6, slot: 900 }),
  aWidget({ id: 9, kind: 'recipients_by_severity', title: '', display_type: 10, slot: 904 }),
];
const DATA_OF: Record<number, WidgetData> = {
  1: DATA.risk!,
  2: DATA.trend!,
  3: DATA.detected!,
  4: DATA.mttr!,
  5: DATA.inventory!,
  6: DATA.news!,
  7: DATA.benchmark!,
  8: DATA.owasp!,
  9: DATA.recipients!,
};

/** A stub answering the dashboards, the widgets of each and each widget with its data. */
function dashboardApi(widgets: Widget[] = DEFAULT_WIDGETS, dashboards: Dashboard[] = [aDashboard()]): ApiStub {
  return stubApi()
    .on('GET', 'dashboard/dashboards/', dashboards)
    .on('GET', 'dashboard/widgets/', (req) => json(page(widgets.filter((w) => String(w.dashboard) === req.query.get('dashboard')))))
    .on('GET', 'dashboard/widgets/:id/', (_req, [id]) => {
      const w = widgets.find((x) => x.id === Number(id));
      return w ? json({ ...w, data: widgetData.parse(DATA_OF[w.id]) }) : json({ detail: 'Not found.' }, 404);
    });
}

function renderPage() {
  return renderWithApp(<DashboardPage />, { path: '/dashboard', session: aSession() });
}

const region = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  // jsdom has no canvas; ECharts (SVG renderer) then measures text without one, and jsdom stays quiet about it.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('DashboardPage', () => {
  it('lists the dashboards, the default first and chosen, and loads its widgets', async () => {
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(0, 2), [aDashboard({ id: 2, name: 'Ops', is_default: false }), aDashboard()]);
    renderPage();
    const picker = await screen.findByRole('combobox', { name: 'Dashboard' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My dashboard (default)', 'Ops']);
    expect(picker).toHaveValue('1');
    expect(await region('Average asset risk')).toBeInTheDocument();
    expect(await region('Open vulnerabilities')).toBeInTheDocument();
    const calls = stub.calls('GET', 'dashboard/widgets/');
    expect(calls.map((c) => [c.query.get('dashboard'), c.query.get('page_size')])).toEqual([['1', '100']]);
    expect(screen.getByText('2 widgets')).toBeInTheDocument();
    // The account and organisation stay below the grid.
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
  });

  it('draws a widget of each kind with its figures', async () => {
    dashboardApi();
    renderPage();

    const risk = await region('Average asset risk');
    expect(await within(risk).findByRole('img', { name: 'Average asset risk: 42.5 of 100 (High), across 12 assets' })).toBeInTheDocument();
    const riskTable = within(risk).getByRole('table', { name: 'Average asset risk' });
    expect(within(riskTable).getByRole('row', { name: 'Average risk 42.5' })).toBeInTheDocument();
    expect(within(risk).getByRole('link', { name: 'Vulnerabilities by asset' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset',
    );

    const trend = await region('Open vulnerabilities');
    expect(
      await within(trend).findByRole('img', {
        name: 'Line chart, stacked, of Critical, High, Medium, Low over 3 days; 2026-11-20: Critical 4, High 5, Medium 7, Low 1',
      }),
    ).toBeInTheDocument();
    const trendTable = within(trend).getByRole('table', { name: 'Open vulnerabilities' });
    expect(
      within(trendTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Critical', 'High', 'Medium', 'Low']);
    expect(within(trendTable).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(trend).getByRole('link', { name: 'Critical 4' })).toHaveAttribute('href', '/vm/unified-vulnerabilities?severity=4');
    expect(within(trend).getByRole('link', { name: 'Low 1' })).toHaveAttribute('href', '/vm/unified-vulnerabilities?severity=1');

    const detected = await region('Detected vs fixed');
    expect(await within(detected).findByRole('img', { name: /over 3 days: 9 detected, 3 fixed$/ })).toBeInTheDocument();
    expect(within(within(detected).getByRole('table')).getByRole('row', { name: '2026-11-20 5 2' })).toBeInTheDocument();

    const mttr = await region('Mean time to resolution');
    const mttrTable = await within(mttr).findByRole('table', { name: 'Mean time to resolution' });
    expect(within(mttrTable).getByRole('row', { name: 'Critical 3.5 2' })).toBeInTheDocument();
    expect(within(mttrTable).getByRole('row', { name: 'Medium – 0' })).toBeInTheDocument();

    const inventory = await region('Asset inventory');
    expect(await within(inventory).findByRole('img', { name: /of 12 assets, 5 with open findings: Hosts 10/ })).toBeInTheDocument();
    expect(within(inventory).getByRole('link', { name: 'Hosts 10' })).toHaveAttribute('href', '/assets/unified-assets?kind=host');
    expect(within(inventory).getByRole('link', { name: 'Web applications 1' })).toHaveAttribute(
      'href',
      '/assets/unified-assets?category=web_applications',
    );

    const news = await region('News');
    const items = within(await within(news).findByRole('list', { name: 'News' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Patch Tuesday' })).toHaveAttribute('href', '/vm/unified-vulnerabilities');
    expect(items[0]).toHaveTextContent('Security alert');
    expect(items[0]).toHaveTextContent('2026-11-19');
    expect(items[1]).toHaveTextContent('Maintenance window');

    const benchmark = await region('Compared with others');
    expect(await within(benchmark).findByText(/Not enough customers to compare yet \(needs 5\)\./)).toBeInTheDocument();

    expect(await within(await region('OWASP')).findByText(/No open web-application findings/)).toBeInTheDocument();
    // A blank title shows the kind's name.
    expect(await within(await region('Recipients by severity')).findByText(/No recipients yet/)).toBeInTheDocument();
  });

  it('draws the other display types: single value, risk line, column trend grouped, inventory list, benchmark bars', async () => {
    const widgets = [
      aWidget({ id: 1, kind: 'customer_average_risk_score', title: 'Risk now', display_type: 3 }),
      aWidget({ id: 2, kind: 'vulnerability_trend', title: 'Trend', display_type: 7, config: { series: [1, 5, 6], layout: 1 } }),
      aWidget({ id: 5, kind: 'asset_inventory', title: 'Inventory', display_type: 5, slot: 300 }),
      aWidget({ id: 7, kind: 'industry_benchmark', title: 'Benchmark', display_type: 8, slot: 304 }),
    ];
    DATA_OF[7] = {
      kind: 'industry_benchmark',
      available: true,
      contributors: 6,
      mine: { average_risk: 42.5, open_per_asset: 1.4 },
      industry: { average_risk: 35, open_per_asset: 2.1 },
    };
    try {
      dashboardApi(widgets);
      renderPage();
      const risk = await region('Risk now');
      expect(await within(risk).findByTestId('risk-value')).toHaveTextContent('42.5');
      expect(within(risk).getByText('of 100 · High risk · 12 assets')).toBeInTheDocument();

      const trend = await region('Trend');
      expect(await within(trend).findByRole('img', { name: /^Column chart of Critical, Total, Average over 3 days/ })).toBeInTheDocument();
      expect(within(trend).getByRole('link', { name: 'Total 17' })).toHaveAttribute('href', '/vm/unified-vulnerabilities');
      // The average risk opens no list.
      expect(within(trend).queryByRole('link', { name: /Average/ })).not.toBeInTheDocument();

      const inventory = await region('Inventory');
      expect(await within(inventory).findByText('12 assets, 5 with open findings')).toBeInTheDocument();
      expect(within(within(inventory).getByRole('list', { name: 'Inventory' })).getAllByRole('link')).toHaveLength(3);

      const benchmark = await region('Benchmark');
      const table = await within(benchmark).findByRole('table', { name: 'Benchmark' });
      expect(within(table).getByRole('row', { name: 'Average risk 42.5 35' })).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: 'Open findings per asset 1.4 2.1' })).toBeInTheDocument();
    } finally {
      DATA_OF[7] = DATA.benchmark!;
    }
  });

  it('shows an error on the one widget that fails while the others draw', async () => {
    dashboardApi(DEFAULT_WIDGETS.slice(0, 2)).on('GET', 'dashboard/widgets/2/', json({ detail: 'Server error' }, 500));
    renderPage();
    const trend = await region('Open vulnerabilities');
    expect(await within(trend).findByRole('alert')).toHaveTextContent('This widget could not be loaded.');
    expect(within(trend).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await within(await region('Average asset risk')).findByRole('table', { name: 'Average asset risk' })).toBeInTheDocument();
  });

  it('opens the list behind a chart segment that is clicked', async () => {
    // Reduced motion: the chart is drawn at once, without its opening animation.
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    dashboardApi([DEFAULT_WIDGETS[4]!]);
    const { router } = renderPage();
    const inventory = await region('Asset inventory');
    const chart = await within(inventory).findByRole('img', { name: /assets/ });
    await waitFor(() => expect(chart.querySelector('svg path')).not.toBeNull());
    // The pie's centre is at (240, 120) of its 480 × 240 drawing; hosts (10 of 12) run clockwise from the top.
    const svg = chart.querySelector('svg')!;
    act(() => {
      for (const type of ['mousedown', 'mouseup', 'click']) {
        const event = new MouseEvent(type, { bubbles: true, clientX: 300, clientY: 100 });
        Object.defineProperties(event, { offsetX: { value: 300 }, offsetY: { value: 100 } });
        svg.dispatchEvent(event);
      }
    });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/assets/unified-assets?kind=host'));
  });

  it('adds a widget with its preview: kind, display, settings and the first free slot at the bottom', async () => {
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(0, 4))
      .on('POST', 'dashboard/widgets/preview/', (req) => {
        const body = req.body as { kind: string };
        return json(body.kind === 'vulnerability_trend' ? DATA.trend : DATA.risk);
      })
      .on('POST', 'dashboard/widgets/', (req) =>
        json({ ...aWidget({ id: 20, kind: 'vulnerability_trend' }), ...(req.body as object) }, 201),
      );
    const { user } = renderPage();
    await region('Average asset risk');
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    const form = await screen.findByRole('form', { name: 'Add widget' });

    // The display types follow the kind.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'customer_average_risk_score');
    expect(
      within(form)
        .getAllByRole('radio', { name: /Gauge|Single value|Line|Column|Bar/ })
        .map((r) => r.getAttribute('value')),
    ).toEqual(['4', '3', '2']);
    expect(within(form).queryByRole('group', { name: 'Series' })).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'vulnerability_trend');
    await user.click(within(form).getByRole('radio', { name: 'Column' }));
    await user.click(within(form).getByRole('radio', { name: '90 days' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Low' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Total' }));
    await user.click(within(form).getByRole('radio', { name: 'Stacked' }));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Quarter');

    // The preview asks for the chosen kind and settings and is drawn as the widget will be.
    await waitFor(() =>
      expect(stub.calls('POST', 'dashboard/widgets/preview/').at(-1)!.body).toEqual({
        kind: 'vulnerability_trend',
        config: { days: 90, series: [1, 2, 3, 5], layout: 2 },
      }),
    );
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByRole('img', { name: /^Column chart, stacked, of Critical, High, Medium, Total over 3 days/ }),
    ).toBeInTheDocument();
    expect(within(preview).getByRole('table', { name: 'Quarter' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add widget' }));
    await waitFor(() => expect(stub.calls('POST', 'dashboard/widgets/')).toHaveLength(1));
    // The lowest widgets (rows 3-5) end at row 6: the new one starts there, at the left edge.
    expect(stub.calls('POST', 'dashboard/widgets/')[0]!.body).toEqual({
      dashboard: 1,
      kind: 'vulnerability_trend',
      title: 'Quarter',
      display_type: 7,
      config: { days: 90, series: [1, 2, 3, 5], layout: 2 },
      slot: 600,
      width: 6,
      height: 3,
    });
    expect(await screen.findByText('Widget added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add widget' })).not.toBeInTheDocument());
  });

  it('configures a widget: its settings in the same form, PATCHed', async () => {
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(0, 2))
      .on('POST', 'dashboard/widgets/preview/', DATA.trend)
      .on('PATCH', 'dashboard/widgets/:id/', (req) => json({ ...DEFAULT_WIDGETS[1], ...(req.body as object) }));
    const { user } = renderPage();
    await region('Open vulnerabilities');
    await user.click(screen.getByRole('button', { name: 'Actions of Open vulnerabilities' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Configure' }));
    const form = await screen.findByRole('form', { name: 'Configure widget' });
    expect(within(form).getByRole('combobox', { name: 'Kind' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: 'Stacked' })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'Grouped' }));
    await user.click(within(form).getByRole('radio', { name: 'Bar' }));
    await user.click(within(form).getByRole('button', { name: 'Save widget' }));
    await waitFor(() => expect(stub.calls('PATCH', 'dashboard/widgets/2/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'dashboard/widgets/2/')[0]!.body).toEqual({
      title: 'Open vulnerabilities',
      display_type: 8,
      config: { days: 30, series: [1, 2, 3, 4], layout: 1 },
    });
  });

  it('edits the layout: moves and resizes widgets, then saves the slot, width and height of those that changed', async () => {
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(0, 4)).on('PATCH', 'dashboard/widgets/:id/', (req, [id]) =>
      json({ ...DEFAULT_WIDGETS.find((w) => w.id === Number(id)), ...(req.body as object) }),
    );
    const { user } = renderPage();
    await region('Average asset risk');
    // Outside "Edit layout" the grid is static: no move or resize controls.
    expect(screen.queryByRole('button', { name: /Move or resize/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit layout' }));
    expect(screen.queryByRole('button', { name: 'Add widget' })).not.toBeInTheDocument();

    // The risk gauge one row taller pushes "Detected vs fixed" (below it) down a row.
    await user.click(screen.getByRole('button', { name: 'Move or resize Average asset risk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Taller' }));
    await user.click(screen.getByRole('button', { name: 'Save layout' }));

    await waitFor(() => expect(stub.calls('PATCH', 'dashboard/widgets/:id/')).toHaveLength(2));
    expect(stub.calls('PATCH', 'dashboard/widgets/:id/').map((c) => [c.path, c.body])).toEqual([
      ['dashboard/widgets/1/', { slot: 0, width: 4, height: 4 }],
      ['dashboard/widgets/3/', { slot: 400, width: 6, height: 3 }],
    ]);
    expect(await screen.findByText('Layout saved.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit layout' })).toBeInTheDocument();
  });

  it('cancels an edited layout without saving it', async () => {
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(0, 2));
    const { user } = renderPage();
    await region('Average asset risk');
    await user.click(screen.getByRole('button', { name: 'Edit layout' }));
    await user.click(screen.getByRole('button', { name: 'Move or resize Open vulnerabilities' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit layout' })).toBeInTheDocument();
    expect(stub.calls('PATCH', 'dashboard/widgets/:id/')).toHaveLength(0);
  });

  it('removes a widget after asking', async () => {
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(4, 6)).on('DELETE', 'dashboard/widgets/:id/', json(undefined, 204));
    const { user } = renderPage();
    await region('News');
    await user.click(screen.getByRole('button', { name: 'Actions of News' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove widget' });
    expect(dialog).toHaveTextContent('Remove News from My dashboard?');
    expect(stub.calls('DELETE', 'dashboard/widgets/:id/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove widget' }));
    await waitFor(() => expect(stub.calls('DELETE', 'dashboard/widgets/:id/').map((c) => c.path)).toEqual(['dashboard/widgets/6/']));
    expect(await screen.findByText('Widget removed.')).toBeInTheDocument();
  });

  it('adds, renames, resets and deletes dashboards', async () => {
    let dashboards = [aDashboard()];
    const stub = dashboardApi(DEFAULT_WIDGETS.slice(0, 1), dashboards)
      .on('GET', 'dashboard/dashboards/', () => json(dashboards))
      .on('POST', 'dashboard/dashboards/', (req) => {
        const made = aDashboard({ id: 2, name: (req.body as { name: string }).name, is_default: false });
        dashboards = [...dashboards, made];
        return json(made, 201);
      })
      .on('PATCH', 'dashboard/dashboards/:id/', (req, [id]) => {
        dashboards = dashboards.map((d) => (d.id === Number(id) ? { ...d, ...(req.body as object) } : d));
        return json(dashboards.find((d) => d.id === Number(id)));
      })
      .on('POST', 'dashboard-create/', () => {
        const made = aDashboard({ id: 3, name: 'Dashboard', is_default: false });
        dashboards = [...dashboards, made];
        return json(made, 201);
      })
      .on('DELETE', 'dashboard/dashboards/:id/', (_req, [id]) => {
        dashboards = dashboards.filter((d) => d.id !== Number(id));
        return json(undefined, 204);
      });
    const { user } = renderPage();
    const picker = await screen.findByRole('combobox', { name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    let form = await screen.findByRole('form', { name: 'New dashboard' });
    await user.click(within(form).getByRole('button', { name: 'Create dashboard' }));
    expect(await within(form).findByText('This field may not be blank.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Ops');
    await user.click(within(form).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(picker).toHaveValue('2'));
    expect(stub.calls('POST', 'dashboard/dashboards/')[0]!.body).toEqual({ name: 'Ops' });
    await waitFor(() => expect(stub.calls('GET', 'dashboard/widgets/').map((c) => c.query.get('dashboard'))).toContain('2'));
    expect(await screen.findByText('This dashboard has no widgets yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    form = await screen.findByRole('form', { name: 'Rename dashboard' });
    await user.clear(within(form).getByRole('textbox', { name: /Name/ }));
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Operations');
    await user.click(within(form).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(stub.calls('PATCH', 'dashboard/dashboards/2/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'dashboard/dashboards/2/')[0]!.body).toEqual({ name: 'Operations' });
    expect(await within(picker).findByRole('option', { name: 'Operations' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(picker).toHaveValue('3'));
    expect(stub.calls('POST', 'dashboard-create/')).toHaveLength(1);

    await user.selectOptions(picker, '2');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dashboard' });
    expect(dialog).toHaveTextContent('Delete Operations and its widgets?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete dashboard' }));
    await waitFor(() => expect(stub.calls('DELETE', 'dashboard/dashboards/:id/').map((c) => c.path)).toEqual(['dashboard/dashboards/2/']));
    // Back on the default.
    await waitFor(() => expect(picker).toHaveValue('1'));
    expect(within(picker).queryByRole('option', { name: 'Operations' })).not.toBeInTheDocument();
  });
});
