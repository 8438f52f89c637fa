// The evidence of a `pat` finding: a short timeline a security team can read — when each thing the person did first
// happened, and how many requests were people's and how many machines' — with no value anyone typed.
import type { TargetFacts } from './severity.ts';

export interface EvidenceEvent {
  kind: string;
  human: boolean;
  at: string | Date;
  details: Record<string, unknown>;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString().replace('.000Z', 'Z'));

export function evidenceText(assessment: string, f: TargetFacts, events: readonly EvidenceEvent[]): string {
  const lines = [`Assessment: ${assessment}`];
  const firsts: [string, Date | null][] = [
    ['Opened', f.openedAt],
    ['Clicked', f.clickedAt],
    ['Submitted data', f.submittedAt],
    ['Reported', f.reportedAt],
    ['Training completed', f.trainingCompletedAt],
  ];
  for (const [label, at] of firsts) if (at) lines.push(`${label}: ${iso(at)}`);
  if (f.submittedAt) {
    const fields = new Set<string>();
    for (const e of events)
      if (e.kind === 'submitted' && e.human && Array.isArray(e.details.fields))
        for (const n of e.details.fields) if (typeof n === 'string') fields.add(n.slice(0, 60));
    if (fields.size > 0) lines.push(`Fields filled (names only): ${[...fields].slice(0, 20).join(', ')}`);
    if (f.submittedPassword) lines.push('A password field was filled (its value was never recorded).');
    if (f.submittedElsewhereWithinYear) lines.push('Data was also submitted in another assessment within a year.');
  }
  const human = events.filter((e) => e.human).length;
  const bots = events.length - human;
  lines.push(`Requests: ${human} by the person, ${bots} by machines (gateways, scanners, previews; not counted)`);
  return lines.join('\n');
}
