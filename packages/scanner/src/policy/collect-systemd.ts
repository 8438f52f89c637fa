// systemdunitproperty_object and systemdunitdependency_object through systemctl: the unit list once per evaluation,
// the properties of all matching units in one `systemctl show`, dependencies with `systemctl list-dependencies`.
import { shellQuote } from '../auth/ssh-session.ts';
import { collected, collectError, errorText, matches, type Collector } from './collect-types.ts';
import { RecordItem, type FieldSpec } from './items.ts';
import type { Target } from './target.ts';

const UNITS = `systemctl list-units --all --full --plain --no-legend --no-pager 2>&1; echo "__RC__$?"; systemctl list-unit-files --full --no-legend --no-pager 2>/dev/null`;

/** Unit names from list-units and list-unit-files output; throws with systemctl's words when it cannot talk to systemd. */
export function parseUnitList(out: string): string[] {
  const [units, files = ''] = out.split(/__RC__\d+\n?/);
  const rc = /__RC__(\d+)/.exec(out)?.[1];
  if (rc !== '0') throw new Error(units.trim().split('\n')[0] || 'systemctl failed.');
  const names = new Set<string>();
  for (const l of `${units}\n${files}`.split('\n')) {
    const name = l
      .trim()
      .replace(/^[●*]\s*/, '')
      .split(/\s+/)[0];
    if (name && /\.[a-z]+$/.test(name)) names.add(name);
  }
  return [...names].sort();
}

const unitNames = (t: Target) => t.once('systemd-units', async () => parseUnitList((await t.sh(UNITS)).stdout));

/** `systemctl show` output for several units: blocks of Key=Value separated by blank lines, in the order asked. */
export function parseShow(out: string, units: string[]): Map<string, Map<string, string>> {
  const blocks = out.split(/\n\n(?=[A-Za-z])/);
  const props = new Map<string, Map<string, string>>();
  units.forEach((u, k) => {
    const m = new Map<string, string>();
    for (const line of (blocks[k] ?? '').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) m.set(line.slice(0, eq), line.slice(eq + 1));
    }
    props.set(u, m);
  });
  return props;
}

// Properties systemd exposes as arrays of unit names: OVAL items carry one value per element.
const LIST_PROPERTIES =
  /^(Requires|Requisite|Wants|BindsTo|PartOf|RequiredBy|RequisiteOf|WantedBy|BoundBy|ConsistsOf|Conflicts|ConflictedBy|Before|After|OnFailure|Triggers|TriggeredBy|PropagatesReloadTo|ReloadPropagatedFrom|JoinsNamespaceOf|Names)$/;

export const collectSystemdUnitProperty: Collector = async (req) => {
  const unit = req.entities.get('unit');
  const property = req.entities.get('property');
  if (!unit || !property) return collectError('The object lacks a unit or a property.');
  try {
    const t = req.target;
    const units = unit.operation === 'equals' ? [unit.value] : (await unitNames(t)).filter((u) => matches(unit, u));
    if (units.length === 0) return collected([]);
    const key = `show:${units.join(' ')}`;
    const out = await t.once(key, () => t.sh(`systemctl show --no-pager -- ${units.map(shellQuote).join(' ')}`));
    if (out.code !== 0) return collectError(`systemctl show failed: ${out.stderr.trim() || out.stdout.trim()}`);
    const props = parseShow(out.stdout, units);
    const items: RecordItem[] = [];
    for (const u of units) {
      const p = props.get(u);
      if (!p || p.get('LoadState') === 'not-found') continue;
      for (const [name, value] of p) {
        if (!matches(property, name)) continue;
        const values = LIST_PROPERTIES.test(name) ? value.split(/\s+/).filter(Boolean) : [value];
        items.push(
          new RecordItem('systemdunitproperty_item', [['unit', u], ['property', name], ...values.map((v): FieldSpec => ['value', v])]),
        );
      }
    }
    return collected(items);
  } catch (e) {
    return collectError(`Could not query systemd: ${errorText(e)}`);
  }
};

export const collectSystemdUnitDependency: Collector = async (req) => {
  const unit = req.entities.get('unit');
  if (!unit) return collectError('The object has no unit.');
  try {
    const t = req.target;
    const units = unit.operation === 'equals' ? [unit.value] : (await unitNames(t)).filter((u) => matches(unit, u));
    if (unit.operation === 'equals') await unitNames(t);
    const items: RecordItem[] = [];
    for (const u of units) {
      const r = await t.once(`deps:${u}`, () =>
        t.sh(`systemctl list-dependencies --all --plain --no-legend --no-pager -- ${shellQuote(u)}`),
      );
      if (r.code !== 0) continue;
      const deps = r.stdout
        .split('\n')
        .map((l) => l.trim().replace(/^[●*○]\s*/, ''))
        .filter((l, k) => l !== '' && !(k === 0 && l === u));
      items.push(
        new RecordItem('systemdunitdependency_item', [['unit', u], ...[...new Set(deps)].map((d): FieldSpec => ['dependency', d])]),
      );
    }
    return collected(items);
  } catch (e) {
    return collectError(`Could not query systemd: ${errorText(e)}`);
  }
};
