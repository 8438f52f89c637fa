// Charts of the app: ECharts (loaded on demand) in a small React wrapper, an HTML legend with links, and the figures as
// a table for assistive technology.
export { EChart, type ChartItem, type EChartProps } from './EChart.tsx';
export { ChartTable, type ChartTableData } from './ChartTable.tsx';
export { ChartLegend, type LegendEntry } from './ChartLegend.tsx';
export { themeColor, useChartColors, type ColorOf } from './chart-colors.ts';
export type { ChartOption } from './echarts.ts';
