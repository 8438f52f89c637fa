// A report chart drawn on the server: core's ECharts option rendered to an SVG string (ECharts' server-side SVG
// renderer, no DOM or canvas), so the PDF and HTML reports show the very picture the web view draws.
import { init, use as register, type EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from '@bulwark/core';

// Only what core's report charts use (bars, stacked lines, grid, legend); registering is idempotent.
register([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer]);

/**
 * The chart of `option` as a standalone `<svg>` of `width` × `height` pixels. The `<style>` block ECharts adds is
 * dropped: it holds hover effects only, which a printed or static page cannot use, and its class names (`zr0-cls-…`)
 * repeat from chart to chart, so in one HTML file a chart's rules would restyle another's shapes.
 */
export function chartSvg(option: ChartOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    // Reports are static: no animation whatever the option says, so the SVG shows the final state.
    chart.setOption({ ...(option as EChartsCoreOption), animation: false });
    return chart.renderToSVGString().replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
  } finally {
    chart.dispose();
  }
}
