// Pure rules of the dashboard: where a chart click goes (severity series, inventory segments), the grid (slots ↔ grid
// items, what "Save layout" sends, the first free slot, keyboard moves and resizes), the widget form (config per kind,
// POST and PATCH bodies) and how each kind is drawn (display fallback, stacking, series, axes).
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import type { Layout } from 'react-grid-layout';
import { widget, type TrendPoint, type Widget, type WidgetData } from '@bulwark/core';
import { themeColor } from '../../components/charts/chart-colors.ts';
import { firstFreeSlot, gridLayout, layoutChanges, moveItem, resizeItem } from './layout.ts';
import { displayOf, widgetChart } from './widget-charts.ts';
import { configOf, formValues, newWidgetBody, widgetPatch, withKind } from './widget-form.ts';
import { linkForSegment, linkForSeries, withQuery } from './widget-links.ts';

const color = (name: string, shade?: number) => themeColor(DEFAULT_THEME, name, shade);

function aWidget(o: Partial<Widget> & Pick<Widget, 'id'>): Widget {
  return widget.parse({
    dashboard: 1,
    kind: 'vulnerability_trend',
    title: '',
    width: 4,
    height: 3,
    config: {},
    display_type: 2,
    slot: 0,
    teams: [],
    tags: [],
    ...o,
  });
}

const point = (day: string, n: number): TrendPoint => ({
  day,
  critical: n,
  high: n + 1,
  medium: n + 2,
  low: n + 3,
  total: 4 * n + 6,
  average: 30,
  detected: 1,
  fixed: 0,
});
const TREND: WidgetData = {
  kind: 'vulnerability_trend',
  points: [point('2026-11-19', 1), point('2026-11-20', 2)],
  link: '/vm/unified-vulnerabilities',
};

describe('chart links', () => {
  it('opens the vulnerability list filtered to the severity of a series', () => {
    const base = '/vm/unified-vulnerabilities';
    expect([1, 2, 3, 4].map((s) => linkForSeries(base, s as 1 | 2 | 3 | 4))).toEqual([
      `${base}?severity=4`,
      `${base}?severity=3`,
      `${base}?severity=2`,
      `${base}?severity=1`,
    ]);
    expect(linkForSeries(base, 5)).toBe(base);
    expect(linkForSeries(base, 6)).toBeNull();
    expect(withQuery('/vm/unified-vulnerabilities?group=asset', 'severity', '4')).toBe(
      '/vm/unified-vulnerabilities?group=asset&severity=4',
    );
  });

  it('opens the asset list of an inventory segment, found by its name', () => {
    const segments = [
      { key: 'host', label: 'Hosts', count: 3, link: '/assets/unified-assets?kind=host' },
      { key: 'webapp', label: 'Web applications', count: 1, link: '/assets/unified-assets?category=web_applications' },
    ];
    expect(linkForSegment(segments, { name: 'Web applications', dataIndex: 7 })).toBe('/assets/unified-assets?category=web_applications');
    expect(linkForSegment(segments, { name: '', dataIndex: 0 })).toBe('/assets/unified-assets?kind=host');
    expect(linkForSegment(segments, { name: 'Other', dataIndex: 5 })).toBeNull();
  });

  it("wires a trend chart's series clicks and an inventory chart's segment clicks to those links", () => {
    const trend = widgetChart(TREND, 2, { series: [2, 6, 1] }, 'Trend', color)!;
    expect(trend.linkFor!({ seriesIndex: 0, dataIndex: 1, name: '2026-11-20' })).toBe('/vm/unified-vulnerabilities?severity=3');
    expect(trend.linkFor!({ seriesIndex: 1, dataIndex: 1, name: '2026-11-20' })).toBeNull();
    expect(trend.linkFor!({ seriesIndex: 2, dataIndex: 0, name: '2026-11-19' })).toBe('/vm/unified-vulnerabilities?severity=4');
    const inventory = widgetChart(
      {
        kind: 'asset_inventory',
        segments: [{ key: 'host', label: 'Hosts', count: 3, link: '/assets/unified-assets?kind=host' }],
        total: 3,
        with_open_findings: 1,
      },
      9,
      {},
      'Inventory',
      color,
    )!;
    expect(inventory.linkFor!({ seriesIndex: 0, dataIndex: 1, name: 'Hosts' })).toBe('/assets/unified-assets?kind=host');
    const gauge = widgetChart(
      { kind: 'customer_average_risk_score', value: 72, assets: 4, trend: [], link: '/vm/unified-vulnerabilities?group=asset' },
      4,
      {},
      'Risk',
      color,
    )!;
    expect(gauge.linkFor!({ seriesIndex: 0, dataIndex: 0, name: 'Average risk' })).toBe('/vm/unified-vulnerabilities?group=asset');
  });
});

describe('widget charts', () => {
  it('draws a kind in its first display type when its own does not suit it', () => {
    expect(displayOf('vulnerability_trend', 1)).toBe(2);
    expect(displayOf('asset_inventory', 9)).toBe(9);
    expect(displayOf('news_feed', 4)).toBe(5);
  });

  it('stacks the severity series of a stacked trend, puts the average on its own axis, and draws bars sideways', () => {
    const chart = widgetChart(TREND, 8, { series: [1, 2, 6], layout: 2 }, 'Trend', color)!;
    const option = chart.option as {
      series: { type: string; stack?: string; xAxisIndex?: number; data: number[] }[];
      yAxis: { type: string };
    };
    expect(option.series.map((s) => [s.type, s.stack, s.xAxisIndex])).toEqual([
      ['bar', 'severity', undefined],
      ['bar', 'severity', undefined],
      ['bar', undefined, 1],
    ]);
    expect(option.series[1]!.data).toEqual([2, 3]);
    expect(option.yAxis.type).toBe('category');
    expect(chart.table.columns).toEqual(['Day', 'Critical', 'High', 'Average']);
    expect(chart.table.rows).toEqual([
      ['2026-11-19', 1, 2, 30],
      ['2026-11-20', 2, 3, 30],
    ]);
  });

  it('draws the default series critical to low, grouped, when the widget names none', () => {
    const chart = widgetChart(TREND, 7, {}, 'Trend', color)!;
    const option = chart.option as { series: { name: string; stack?: string }[] };
    expect(option.series.map((s) => [s.name, s.stack])).toEqual([
      ['Critical', undefined],
      ['High', undefined],
      ['Medium', undefined],
      ['Low', undefined],
    ]);
  });

  it('colours the risk gauge by its band and says when a trend has no days yet', () => {
    const gauge = widgetChart({ kind: 'customer_average_risk_score', value: 8, assets: 2, trend: [], link: '/x' }, 4, {}, 'Risk', color)!;
    const series = (gauge.option as { series: { progress: { itemStyle: { color: string } } }[] }).series[0]!;
    expect(series.progress.itemStyle.color).toBe(DEFAULT_THEME.colors.blue[6]);
    expect(gauge.label).toBe('Risk: 8 of 100 (Low), across 2 assets');
    expect(widgetChart({ ...TREND, points: [] }, 2, {}, 'Trend', color)!.empty).toMatch(/No daily figures yet/);
  });

  it('is no chart for single values, lists and the honest empty states', () => {
    const risk: WidgetData = { kind: 'customer_average_risk_score', value: 8, assets: 2, trend: [], link: '/x' };
    expect(widgetChart(risk, 3, {}, 'Risk', color)).toBeNull();
    expect(widgetChart({ kind: 'news_feed', items: [] }, 5, {}, 'News', color)).toBeNull();
    expect(
      widgetChart(
        { kind: 'owasp_top_10', categories: [], total: 0, uncategorised: 0, message: 'Later.', link: '/x' },
        6,
        {},
        'OWASP',
        color,
      ),
    ).toBeNull();
    const benchmark: WidgetData = {
      kind: 'industry_benchmark',
      available: false,
      contributors: 1,
      mine: { average_risk: 1, open_per_asset: 1 },
      industry: null,
    };
    expect(widgetChart(benchmark, 8, {}, 'Benchmark', color)).toBeNull();
  });
});

describe('grid layout', () => {
  const at = (layout: Layout, i: string) => layout.find((x) => x.i === i)!;
  const widgets = [
    aWidget({ id: 1, slot: 0, width: 4, height: 3 }),
    aWidget({ id: 2, slot: 4, width: 8, height: 3 }),
    aWidget({ id: 3, slot: 300, width: 6, height: 3 }),
    aWidget({ id: 4, slot: 306, width: 6, height: 3 }),
  ];

  it('places each widget at its slot (100*y + x) with its width and height', () => {
    expect(gridLayout(widgets).map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      { i: '1', x: 0, y: 0, w: 4, h: 3 },
      { i: '2', x: 4, y: 0, w: 8, h: 3 },
      { i: '3', x: 0, y: 3, w: 6, h: 3 },
      { i: '4', x: 6, y: 3, w: 6, h: 3 },
    ]);
  });

  it('sends only the widgets a layout moved or resized', () => {
    const layout = gridLayout(widgets).map((l) => (l.i === '4' ? { ...l, x: 4, y: 6, w: 8 } : l));
    expect(layoutChanges(widgets, layout)).toEqual([{ id: 4, patch: { slot: 604, width: 8, height: 3 } }]);
    expect(layoutChanges(widgets, gridLayout(widgets))).toEqual([]);
  });

  it('puts a new widget at the left of the first row below every widget', () => {
    expect(firstFreeSlot(widgets)).toBe(600);
    expect(firstFreeSlot([aWidget({ id: 1, slot: 4, width: 8, height: 5 }), aWidget({ id: 2, slot: 0, height: 3 })])).toBe(500);
    expect(firstFreeSlot([])).toBe(0);
  });

  it('moves a widget by keyboard, swapping places with the one in its way, and keeps it on the grid', () => {
    const start = gridLayout(widgets);
    const up = moveItem(start, '3', 'up');
    expect([at(up, '3').x, at(up, '3').y, at(up, '1').y]).toEqual([0, 0, 3]);
    // Down past "Detected vs fixed" (a step that compaction would undo is taken further).
    const down = moveItem(start, '1', 'down');
    expect([at(down, '1').y, at(down, '3').y]).toEqual([6, 3]);
    expect(at(moveItem(start, '3', 'right'), '3').x).toBe(1);
    expect(moveItem(start, '1', 'left')).toBe(start);
    expect(moveItem(start, '2', 'right')).toBe(start);
    expect(moveItem(start, '2', 'up')).toBe(start);
  });

  it('resizes by keyboard within 2 to 12 columns, moving whatever the widget now covers below it', () => {
    const start = gridLayout(widgets);
    const taller = resizeItem(start, '1', 'taller');
    expect(at(taller, '1').h).toBe(4);
    expect(at(taller, '3').y).toBe(4);
    expect(at(taller, '4').y).toBe(3);
    const wider = resizeItem(start, '3', 'wider');
    expect([at(wider, '3').w, at(wider, '4').y]).toEqual([7, 6]);
    const narrowest = resizeItem(resizeItem(start, '1', 'narrower'), '1', 'narrower');
    expect(at(narrowest, '1').w).toBe(2);
    expect(resizeItem(narrowest, '1', 'narrower')).toBe(narrowest);
    // Wider at the right edge grows to the left, pushing the widget there down.
    const wider2 = resizeItem(start, '2', 'wider');
    expect([at(wider2, '2').x, at(wider2, '2').w, at(wider2, '1').y]).toEqual([3, 9, 3]);
    const full = gridLayout([aWidget({ id: 1, width: 12 })]);
    expect(resizeItem(full, '1', 'wider')).toBe(full);
  });
});

describe('widget form', () => {
  it('sends only the settings a kind has', () => {
    const trend = formValues();
    expect(trend.kind).toBe('vulnerability_trend');
    expect(configOf({ ...trend, series: ['4', '1'], layout: '2', days: '7' })).toEqual({ days: 7, series: [1, 4], layout: 2 });
    expect(configOf(withKind(trend, 'mean_time_to_resolution'))).toEqual({ days: 90 });
    expect(configOf(withKind(trend, 'asset_inventory'))).toEqual({});
    expect(withKind(trend, 'asset_inventory').display_type).toBe('1');
  });

  it('starts a configure form from the widget and builds the POST and PATCH bodies', () => {
    const w = aWidget({ id: 9, kind: 'detected_vs_fixed', display_type: 2, config: { days: 365 }, title: 'Flow' });
    const values = formValues(w);
    expect(values).toMatchObject({ kind: 'detected_vs_fixed', display_type: '2', days: '365', title: 'Flow' });
    expect(widgetPatch({ ...values, title: '  ' })).toEqual({ title: 'Detected vs fixed', display_type: 2, config: { days: 365 } });
    expect(newWidgetBody(withKind(values, 'news_feed'), 3, 900)).toEqual({
      dashboard: 3,
      kind: 'news_feed',
      title: 'Flow',
      display_type: 5,
      config: {},
      slot: 900,
      width: 4,
      height: 3,
    });
  });
});
