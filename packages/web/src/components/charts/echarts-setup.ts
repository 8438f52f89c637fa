// The part of ECharts the app draws with, registered once: line, bar, pie, gauge and tree-map series with their grid,
// tooltip and legend, drawn as SVG (crisp at any zoom, no canvas needed, reusable in reports). Loaded on demand only
// (echarts.ts), so pages without charts never download it.
import { init, use as register, type EChartsType } from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart, TreemapChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

register([LineChart, BarChart, PieChart, GaugeChart, TreemapChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/**
 * A chart on `element`; a size is given only when the element has none yet (it is hidden, or not laid out). In the dark
 * colour scheme it takes ECharts' dark theme, whose axis labels and legends read on a dark page.
 */
export function createChart(
  element: HTMLElement,
  fallback: { width: number; height: number },
  scheme: 'light' | 'dark' = 'light',
): EChartsType {
  return init(element, scheme === 'dark' ? 'dark' : undefined, {
    renderer: 'svg',
    width: element.clientWidth > 0 ? undefined : fallback.width,
    height: element.clientHeight > 0 ? undefined : fallback.height,
  });
}
