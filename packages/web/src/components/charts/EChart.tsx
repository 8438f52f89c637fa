// One ECharts chart: loads the library on demand, draws on a div (SVG renderer), follows the div's size with a
// ResizeObserver, reports clicks on a series item and disposes of the chart when it leaves. The chart is an image to
// assistive technology, named by `label`; pair it with a ChartTable holding its figures.
import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Text, useComputedColorScheme } from '@mantine/core';
import { loadECharts, type ChartInstance, type ChartOption } from './echarts.ts';

/** The series item a click landed on. */
export interface ChartItem {
  seriesIndex: number;
  dataIndex: number;
  /** The item's name: its category (x-axis value) or the segment's name. */
  name: string;
  seriesName?: string;
}

export interface EChartProps {
  option: ChartOption;
  /** What the chart shows, in words: its accessible name. */
  label: string;
  onItemClick?(item: ChartItem): void;
  /** Size used while the element has none (not laid out yet). */
  fallbackSize?: { width: number; height: number };
}

const FALLBACK = { width: 480, height: 240 };

export function EChart({ option, label, onItemClick, fallbackSize = FALLBACK }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartInstance | null>(null);
  const [failed, setFailed] = useState(false);
  const clickRef = useRef(onItemClick);
  const fallbackRef = useRef(fallbackSize);
  // A chart's theme is fixed when it is made: a change of scheme makes it again.
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    let disposed = false;
    let instance: ChartInstance | null = null;
    let observer: ResizeObserver | null = null;
    loadECharts().then(
      ({ createChart }) => {
        const node = element.current;
        if (disposed || !node) return;
        instance = createChart(node, fallbackRef.current, scheme);
        instance.on('click', (params) => {
          const p = params as { componentType?: string; seriesIndex?: number; dataIndex?: number; name?: string; seriesName?: string };
          if (p.componentType !== 'series') return;
          clickRef.current?.({
            seriesIndex: p.seriesIndex ?? 0,
            dataIndex: p.dataIndex ?? 0,
            name: p.name ?? '',
            seriesName: p.seriesName,
          });
        });
        observer = new ResizeObserver(() => instance?.resize({ width: 'auto', height: 'auto' }));
        observer.observe(node);
        setChart(instance);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, [scheme]);

  useEffect(() => {
    // The page's own background shows through (the dark theme would paint its own).
    chart?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [chart, option]);

  if (failed)
    return (
      <Center h="100%">
        <Text size="sm" c="dimmed">
          The chart could not be drawn. Reload the page to try again.
        </Text>
      </Center>
    );
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', minHeight: 120 }}>
      <div ref={element} role="img" aria-label={label} style={{ position: 'absolute', inset: 0 }} />
      {chart === null && (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" role="status" aria-label="Loading chart" />
        </Center>
      )}
    </div>
  );
}
