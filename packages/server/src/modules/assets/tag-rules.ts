// Dynamic tag rules compiled to one SQL condition on an assets row `a` (all rules must hold): text operators on the
// name, host names, OS and services; an address in a network or range; open ports; type, flags, criticality and the
// worst open finding; and a tag set (tags to include and exclude). Values are parameters, never SQL text.
import { sql, type SQL } from 'drizzle-orm';
import type { TagRule, TagSetSelection } from '@bulwark/core';
import { intArray, textCondition, type TextOperator } from '../../db/rows.ts';
import { DISPLAY_NAME } from '../../tenancy/asset-filters.ts';

function numberCondition(column: SQL, operator: string, value: number): SQL {
  switch (operator) {
    case 'is':
      return sql`${column} = ${value}`;
    case 'is_not':
      return sql`${column} <> ${value}`;
    case 'gte':
      return sql`${column} >= ${value}`;
    default:
      return sql`${column} <= ${value}`;
  }
}

/** `is_not` on a set (host names, services) means none of them is; the other text operators mean one of them. */
function anyText(from: SQL, column: SQL, operator: TextOperator, value: string): SQL {
  if (operator === 'is_not') return sql`not exists (select 1 from ${from} and ${textCondition(column, 'is', value)})`;
  return sql`exists (select 1 from ${from} and ${textCondition(column, operator, value)})`;
}

function addressCondition(value: string): SQL {
  const v = value.trim();
  if (v.includes('/')) return sql`a.address::inet <<= ${v}::cidr`;
  if (v.includes('-')) {
    const [start, end] = v.split('-');
    return sql`a.address::inet between ${start!.trim()}::inet and ${end!.trim()}::inet`;
  }
  return sql`a.address::inet = ${v}::inet`;
}

export function ruleCondition(rule: TagRule): SQL {
  const v = rule.value;
  switch (rule.field) {
    case 'asset_name':
      return textCondition(DISPLAY_NAME, rule.operator as TextOperator, String(v));
    case 'os':
      return textCondition(sql`coalesce(a.os, '')`, rule.operator as TextOperator, String(v));
    case 'hostname':
      return anyText(
        sql`jsonb_array_elements_text(a.hostnames) as h(name) where true`,
        sql`h.name`,
        rule.operator as TextOperator,
        String(v),
      );
    case 'service':
      return anyText(
        sql`host_ports p where p.host_id = a.id and p.open`,
        sql`concat_ws(' ', p.service, p.product)`,
        rule.operator as TextOperator,
        String(v),
      );
    case 'address':
      return rule.operator === 'in'
        ? sql`(a.address is not null and ${addressCondition(String(v))})`
        : sql`(a.address is null or not ${addressCondition(String(v))})`;
    case 'open_port': {
      const open = sql`exists (select 1 from host_ports p where p.host_id = a.id and p.open and p.port = ${Number(v)})`;
      return rule.operator === 'is' ? open : sql`not ${open}`;
    }
    case 'asset_type':
      return numberCondition(sql`a.type`, rule.operator, Number(v));
    case 'is_server':
      return sql`a.is_server = ${Boolean(v)}`;
    case 'internet_facing':
      return sql`a.internet_facing = ${Boolean(v)}`;
    case 'pci':
      return sql`a.pci = ${Boolean(v)}`;
    case 'criticality':
      return numberCondition(sql`a.criticality`, rule.operator, Number(v));
    case 'max_severity':
      return numberCondition(
        sql`coalesce((select max(f.severity) from findings f where f.host_id = a.id and f.state <> 3), -1)`,
        rule.operator,
        Number(v),
      );
  }
}

/** Every rule must hold; no rules match nothing (a dynamic tag without rules tags no asset). */
export function rulesCondition(rules: readonly TagRule[]): SQL {
  if (rules.length === 0) return sql`false`;
  return sql.join(
    rules.map((r) => sql`(${ruleCondition(r)})`),
    sql` and `,
  );
}

/** The condition on an assets row `a` of a tag set (used by previews and by scans that target tags). */
export function tagSetCondition(s: TagSetSelection): SQL {
  const carried = (ids: readonly number[]) =>
    sql`(select count(*) from asset_tags t where t.asset_id = a.id and t.tag_id = any(${intArray(ids)}))`;
  const parts: SQL[] = [];
  if (s.inclusion_tags.length === 0) parts.push(sql`false`);
  else
    parts.push(
      s.inclusion_tags_mode_all
        ? sql`${carried(s.inclusion_tags)} = ${new Set(s.inclusion_tags).size}`
        : sql`${carried(s.inclusion_tags)} > 0`,
    );
  if (s.exclusion_tags.length)
    parts.push(
      s.exclusion_tags_mode_all
        ? sql`${carried(s.exclusion_tags)} < ${new Set(s.exclusion_tags).size}`
        : sql`${carried(s.exclusion_tags)} = 0`,
    );
  return sql.join(parts, sql` and `);
}
