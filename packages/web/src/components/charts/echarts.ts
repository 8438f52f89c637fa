// Loads the chart library on demand: the first chart on a page fetches it (one shared request), so a page's first paint
// never waits for it. A failed load is forgotten, so the next chart tries again.
import type * as EChartsSetup from './echarts-setup.ts';

export type { EChartsCoreOption as ChartOption, EChartsType as ChartInstance } from 'echarts/core';

type Setup = typeof EChartsSetup;

let loading: Promise<Setup> | null = null;

export function loadECharts(): Promise<Setup> {
  loading ??= import('./echarts-setup.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
