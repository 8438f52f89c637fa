// Draws what a widget shows (its data) as its display type: a chart (ECharts, with its legend and its figures as a table
// for assistive technology; a click on a segment opens the list behind it), a single value, a list, or an honest
// message. The grid and the add-widget preview both draw with it.
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Box, Center, Group, Stack, Table, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { formatDate, INDUSTRY_MIN_CUSTOMERS, RISK_BAND_LABELS, riskBand, type WidgetConfig, type WidgetData } from '@bulwark/core';
import { ChartLegend, ChartTable, EChart, useChartColors, type ChartItem } from '../../../components/charts/index.ts';
import { riskScoreColor } from '../../../components/risk-colors.ts';
import { isExternalLink, isInternalLink } from '../../news/news-format.ts';
import { resolutionRows, widgetChart } from '../widget-charts.ts';
import { ticketFixRows } from '../widget-ticket-charts.ts';
import { OwaspChart } from '../../was/components/OwaspChart.tsx';

export interface WidgetViewProps {
  data: WidgetData;
  display: number;
  config: WidgetConfig;
  /** The widget's title: names its chart and table. */
  title: string;
  /** A click on a segment opens its list (not while the layout is edited). */
  interactive?: boolean;
}

/** A quiet sentence in place of a chart: nothing to show yet, or not available. */
export function WidgetMessage({ children }: { children: ReactNode }) {
  return (
    <Center h="100%" p="sm">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

export function WidgetView({ data, display, config, title, interactive = true }: WidgetViewProps) {
  const color = useChartColors();
  const navigate = useNavigate();
  const reducedMotion = useReducedMotion();
  const chart = useMemo(() => widgetChart(data, display, config, title, color), [data, display, config, title, color]);
  const option = useMemo(() => (chart ? { animation: !reducedMotion, ...chart.option } : null), [chart, reducedMotion]);

  if (chart && option) {
    if (chart.empty) return <WidgetMessage>{chart.empty}</WidgetMessage>;
    const linkFor = chart.linkFor;
    const open =
      linkFor && interactive
        ? (item: ChartItem) => {
            const to = linkFor(item);
            if (to) void navigate(to);
          }
        : undefined;
    return (
      <Stack gap={6} h="100%">
        <Box style={{ flex: 1, minHeight: 0 }}>
          <EChart option={option} label={chart.label} onItemClick={open} />
        </Box>
        {chart.legend && <ChartLegend entries={chart.legend} label={`${title}: legend`} />}
        <ChartTable {...chart.table} />
      </Stack>
    );
  }
  return <PlainView data={data} title={title} />;
}

/** The kinds and display types that are not charts. */
function PlainView({ data, title }: { data: WidgetData; title: string }) {
  switch (data.kind) {
    case 'customer_average_risk_score': {
      const band = riskBand(data.value);
      return (
        <Stack gap={4} align="center" justify="center" h="100%">
          <Text fz={44} fw={700} c={riskScoreColor(data.value)} lh={1} data-testid="risk-value">
            {data.value}
          </Text>
          <Text size="sm" c="dimmed">
            of 100 · {RISK_BAND_LABELS[band]} risk · {data.assets} assets
          </Text>
          <Anchor component={Link} to={data.link} size="sm">
            Vulnerabilities by asset
          </Anchor>
        </Stack>
      );
    }
    case 'mean_time_to_resolution':
      return (
        <Table aria-label={title} fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Severity</Table.Th>
              <Table.Th>Mean days</Table.Th>
              <Table.Th>Fixed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resolutionRows(data).map((r) => (
              <Table.Tr key={r.severity}>
                <Table.Th scope="row" fw={500}>
                  {r.label}
                </Table.Th>
                <Table.Td>{r.days === null ? '–' : r.days}</Table.Td>
                <Table.Td>{r.closed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    case 'asset_inventory':
      return (
        <Stack gap={6}>
          <Text size="sm">
            {data.total} assets, {data.with_open_findings} with open findings
          </Text>
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
            {data.segments.map((s) => (
              <Group component="li" key={s.key} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={s.link} size="sm">
                  {s.label}
                </Anchor>
                <Text size="sm" fw={600}>
                  {s.count}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      );
    case 'news_feed':
      if (data.items.length === 0) return <WidgetMessage>No news yet.</WidgetMessage>;
      return (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
          {data.items.map((item) => (
            <Stack component="li" key={item.id} gap={2}>
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" variant="light">
                  {item.category_label}
                </Badge>
                <Text size="xs" c="dimmed" component="time" dateTime={item.show_at}>
                  {formatDate(item.show_at)}
                </Text>
              </Group>
              <NewsTitle title={item.title} link={item.link} />
            </Stack>
          ))}
        </Stack>
      );
    case 'industry_benchmark':
      if (!data.available || !data.industry)
        return (
          <WidgetMessage>
            Not enough customers to compare yet (needs {INDUSTRY_MIN_CUSTOMERS}).
            <br />
            Your average risk is {data.mine.average_risk}, with {data.mine.open_per_asset} open findings per asset.
          </WidgetMessage>
        );
      return (
        <Stack gap="xs" justify="center" h="100%">
          <Text size="sm">
            Average risk: <strong>{data.mine.average_risk}</strong> (industry {data.industry.average_risk})
          </Text>
          <Text size="sm">
            Open findings per asset: <strong>{data.mine.open_per_asset}</strong> (industry {data.industry.open_per_asset})
          </Text>
          <Text size="xs" c="dimmed">
            Compared with {data.contributors} other customers.
          </Text>
        </Stack>
      );
    case 'owasp_top_10':
      // Display "owasp pie 6": open web findings by OWASP Top 10 category; the message while there are none.
      if (data.total === 0) return <WidgetMessage>{data.message}</WidgetMessage>;
      return <OwaspChart slices={data.categories} title={title || 'OWASP top 10'} />;
    case 'recipients_by_severity':
      // Active recipients per phishing severity (from their behaviour in assessments), each opening its list.
      if (!data.available || !data.severities) return <WidgetMessage>{data.message}</WidgetMessage>;
      return (
        <Stack gap={6}>
          <Text size="sm">{data.message}</Text>
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title || 'Recipients by severity'}>
            {data.severities.map((s) => (
              <Group component="li" key={s.severity} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={s.link} size="sm">
                  {s.label}
                </Anchor>
                <Text size="sm" fw={600}>
                  {s.count}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      );
    case 'tickets_by_status':
      return (
        <Stack gap={6}>
          <Text size="sm">{data.total} open tickets</Text>
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
            {data.segments.map((s) => (
              <Group component="li" key={s.status} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={s.link} size="sm">
                  {s.label}
                </Anchor>
                <Text size="sm" fw={600}>
                  {s.count}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      );
    case 'overdue_tickets':
      return (
        <Stack gap={6} h="100%" justify={data.items.length ? 'flex-start' : 'center'}>
          <Stack gap={2} align="center">
            <Text fz={44} fw={700} c={data.count > 0 ? 'red' : undefined} lh={1} data-testid="overdue-count">
              {data.count}
            </Text>
            <Text size="sm" c="dimmed">
              overdue of {data.with_due_date} open tickets with a due date
            </Text>
            {data.count > 0 && (
              <Anchor component={Link} to={data.link} size="sm">
                Overdue tickets
              </Anchor>
            )}
          </Stack>
          {data.items.length > 0 && (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
              {data.items.map((item) => (
                <Group component="li" key={item.uuid} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={item.link} size="sm" lineClamp={1}>
                    #{item.number} {item.title}
                  </Anchor>
                  <Text size="xs" c="red" style={{ whiteSpace: 'nowrap' }}>
                    {item.days_overdue} {item.days_overdue === 1 ? 'day' : 'days'} late
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      );
    case 'ticket_time_to_fix':
      return (
        <Table aria-label={title} fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Severity</Table.Th>
              <Table.Th>Median days</Table.Th>
              <Table.Th>Fixed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ticketFixRows(data).map((r) => (
              <Table.Tr key={r.severity}>
                <Table.Th scope="row" fw={500}>
                  {r.label}
                </Table.Th>
                <Table.Td>{r.days === null ? '–' : r.days}</Table.Td>
                <Table.Td>{r.fixed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    default:
      return <WidgetMessage>This widget has nothing to show.</WidgetMessage>;
  }
}

function NewsTitle({ title, link }: { title: string; link: string | null }) {
  if (link && isInternalLink(link))
    return (
      <Anchor component={Link} to={link} size="sm" lineClamp={2}>
        {title}
      </Anchor>
    );
  if (link && isExternalLink(link))
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" lineClamp={2}>
        {title}
      </Anchor>
    );
  return (
    <Text size="sm" lineClamp={2}>
      {title}
    </Text>
  );
}
