// The web view of a report's data (what the PDF and HTML print, drawn from the same ReportData and the same chart
// options of core's report-charts): its title, logo and time, a table of contents, then each section of the template
// in order. The report page and the template preview both draw with it; the "All findings" table is handed in by the
// report page (a preview has no findings to page through).
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Box, Card, Group, Image, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import {
  REPORT_SECTION_LABELS,
  hiddenBelowQodMessage,
  RISK_BAND_LABELS,
  SEVERITY_COLORS,
  SEVERITY_LABELS,
  formatDateTime,
  mttrChart,
  riskBand,
  severityChart,
  trendChart,
  type ReportData,
  type ReportSection,
} from '@bulwark/core';
import { ChartLegend, ChartTable, EChart, type ChartOption } from '../../../components/charts/index.ts';
import { AssetTable, Facts, IssueTable, SectionEmpty } from './ReportTables.tsx';
import { PolicyCompliance } from './PolicyCompliance.tsx';

const SEVERITIES = [4, 3, 2, 1, 0] as const;
const n = (v: number) => v.toLocaleString('en-US');

export interface ReportViewProps {
  data: ReportData;
  /** The level of the report's title: 1 on its own page, lower inside another page (the preview). */
  titleOrder?: 1 | 2 | 3;
  /** Prefix of the section anchors, unique on the page. */
  idPrefix?: string;
  /** The "All findings" section's content; without it the section says how many findings the report lists. */
  findings?: ReactNode;
}

/** The anchor of a section. */
export const sectionId = (prefix: string, section: ReportSection) => `${prefix}-${section}`;

function ChartBox({ option, label, height = 260 }: { option: ChartOption; label: string; height?: number }) {
  return (
    <Box h={height}>
      <EChart option={option} label={label} fallbackSize={{ width: 640, height }} />
    </Box>
  );
}

/** The contents: a link to each section that moves focus to its heading (works inside dialogs too). */
function Contents({ sections, idPrefix }: { sections: readonly ReportSection[]; idPrefix: string }) {
  function go(event: MouseEvent<HTMLAnchorElement>, section: ReportSection) {
    const target = document.getElementById(sectionId(idPrefix, section));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }
  return (
    <Box component="nav" aria-label="Contents of the report">
      <Text size="sm" fw={600} mb={4}>
        Contents
      </Text>
      <Stack component="ol" gap={2} m={0} pl="md">
        {sections.map((s) => (
          <li key={s}>
            <Anchor href={`#${sectionId(idPrefix, s)}`} size="sm" onClick={(e) => go(e, s)}>
              {REPORT_SECTION_LABELS[s]}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function Section({ id, title, order, children }: { id: string; title: string; order: TitleOrder; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="md">
        {/* The anchor target: focusable so the contents' links move the keyboard there too. */}
        <Title order={order} size="h3" id={`${id}-heading`}>
          <span id={id} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 72 }}>
            {title}
          </span>
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Summary({ data }: { data: ReportData }) {
  const s = data.summary;
  const band = RISK_BAND_LABELS[riskBand(s.average_risk_score)];
  return (
    <Stack gap="md">
      <Facts
        items={[
          { label: 'Average risk score', value: `${Math.round(s.average_risk_score)} of 100 (${band})` },
          { label: 'Open findings', value: n(s.open_findings) },
          { label: 'Open issues', value: n(s.open_issues) },
          { label: 'Affected assets', value: n(s.affected_assets) },
          { label: 'Assets scored', value: n(s.assets_scored) },
          { label: 'Known exploited', value: n(s.exploit_known) },
          { label: 'Used by ransomware', value: n(s.ransomware_known) },
          { label: 'Critical and high', value: n((s.by_severity[4] ?? 0) + (s.by_severity[3] ?? 0)) },
        ]}
      />
      {data.qod && data.qod.hidden > 0 && (
        <Text size="sm" c="dimmed" data-testid="report-qod-hidden">
          {hiddenBelowQodMessage(data.qod.hidden, data.qod.min)}.
        </Text>
      )}
    </Stack>
  );
}

function Trend({ data }: { data: ReportData }) {
  const option = useMemo(() => trendChart(data), [data]);
  if (data.trend.length === 0) return <SectionEmpty>There is no history to draw yet: the trend fills in day by day.</SectionEmpty>;
  const first = data.trend[0].day;
  const last = data.trend[data.trend.length - 1].day;
  return (
    <Stack gap="xs">
      <ChartBox option={option} label={`Open findings per day by severity, ${first} to ${last}`} />
      <ChartTable
        caption="Open findings per day by severity"
        columns={['Day', 'Critical', 'High', 'Medium', 'Low']}
        rows={data.trend.map((p) => [p.day, p.critical, p.high, p.medium, p.low])}
      />
    </Stack>
  );
}

function Severities({ data }: { data: ReportData }) {
  const option = useMemo(() => severityChart(data), [data]);
  const counts = SEVERITIES.map((s) => ({ label: SEVERITY_LABELS[s], value: data.summary.by_severity[s] ?? 0, color: SEVERITY_COLORS[s] }));
  return (
    <Stack gap="xs">
      <ChartBox option={option} label="Open findings by severity" height={240} />
      <ChartLegend label="Open findings by severity" entries={counts.map((c) => ({ label: c.label, color: c.color, value: n(c.value) }))} />
      <ChartTable
        caption="Open findings by severity"
        columns={['Severity', 'Open findings']}
        rows={counts.map((c) => [c.label, c.value])}
      />
    </Stack>
  );
}

function Remediation({ data }: { data: ReportData }) {
  const r = data.remediation;
  const option = useMemo(() => mttrChart(data), [data]);
  const anyClosed = r.mttr_days.some((d) => d !== null);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The last {r.days} days.
      </Text>
      <Facts
        items={[
          { label: 'Detected', value: n(r.detected) },
          { label: 'Fixed', value: n(r.fixed) },
          { label: 'Ignored', value: n(r.ignored) },
        ]}
        cols={3}
      />
      <Text size="sm" fw={500}>
        Mean days to fix, by severity
      </Text>
      {anyClosed ? (
        <>
          <ChartBox option={option} label={`Mean days to fix by severity, the last ${r.days} days`} height={220} />
          <ChartTable
            caption="Mean days to fix by severity"
            columns={['Severity', 'Mean days']}
            rows={SEVERITIES.map((s) => {
              const days = r.mttr_days[s];
              return [SEVERITY_LABELS[s], days === null || days === undefined ? 'none fixed' : days];
            })}
          />
        </>
      ) : (
        <SectionEmpty>No finding was fixed in these {r.days} days, so there is no time to fix to show.</SectionEmpty>
      )}
    </Stack>
  );
}

function Coverage({ data }: { data: ReportData }) {
  const c = data.coverage;
  const share = c.assets > 0 ? ` (${Math.round((c.scanned_30d / c.assets) * 100)}%)` : '';
  return (
    <Facts
      items={[
        { label: 'Assets', value: n(c.assets) },
        { label: 'Scanned in 30 days', value: `${n(c.scanned_30d)}${share}` },
        { label: 'Never scanned', value: n(c.never_scanned) },
        { label: 'Scan runs in 30 days', value: n(c.runs_30d) },
      ]}
    />
  );
}

function SectionBody({ section, data, findings }: { section: ReportSection; data: ReportData; findings?: ReactNode }) {
  switch (section) {
    case 'executive_summary':
      return <Summary data={data} />;
    case 'risk_trend':
      return <Trend data={data} />;
    case 'severity_breakdown':
      return <Severities data={data} />;
    case 'top_issues':
      return <IssueTable rows={data.top_issues} caption="Top issues" empty="No open issues in this report." />;
    case 'most_exposed_assets':
      return <AssetTable rows={data.exposed_assets} caption="Most exposed assets" />;
    case 'kev_exposure':
      return (
        <IssueTable
          rows={data.kev}
          caption="Known exploited vulnerabilities"
          empty="No open finding is in the CISA Known Exploited Vulnerabilities catalog."
        />
      );
    case 'remediation_status':
      return <Remediation data={data} />;
    case 'scan_coverage':
      return <Coverage data={data} />;
    case 'findings':
      return (
        findings ?? (
          <Text size="sm">
            The report lists {n(data.findings_count)} open {data.findings_count === 1 ? 'finding' : 'findings'}, one row each.
          </Text>
        )
      );
  }
}

export function ReportView({ data, titleOrder = 1, idPrefix = 'report', findings }: ReportViewProps) {
  const sectionOrder = Math.min(titleOrder + 1, 6) as TitleOrder;
  return (
    <Stack gap="lg" data-testid="report-view">
      <Card withBorder padding="lg" component="header">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <Stack gap={6} style={{ flex: 1, minWidth: 260 }}>
            <Title order={titleOrder}>{data.title}</Title>
            {data.description && <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>}
            <Text size="sm" c="dimmed">
              {data.scope_label} · generated <time dateTime={data.generated_at}>{formatDateTime(data.generated_at)}</time>
            </Text>
          </Stack>
          {data.logo && <Image src={data.logo} alt="Logo" mah={80} maw={240} w="auto" fit="contain" />}
        </Group>
        {data.sections.length > 1 && (
          <Box mt="md">
            <Contents sections={data.sections} idPrefix={idPrefix} />
          </Box>
        )}
      </Card>
      {data.sections.map((section) => (
        <Section key={section} id={sectionId(idPrefix, section)} title={REPORT_SECTION_LABELS[section]} order={sectionOrder}>
          <SectionBody section={section} data={data} findings={findings} />
        </Section>
      ))}
      {data.policy_compliance && (
        <Section id={`${idPrefix}-policy-compliance`} title="Policy compliance" order={sectionOrder}>
          <PolicyCompliance compliance={data.policy_compliance} order={sectionOrder} />
        </Section>
      )}
    </Stack>
  );
}
