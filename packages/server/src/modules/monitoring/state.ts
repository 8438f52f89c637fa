// The last known state of what a profile watches, merged set-based with one round's observations: first sight is the
// baseline, a confirmed change replaces the state, a disappearance waits for its second consecutive look (pending).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { jsonRows, queryRows } from '../../db/rows.ts';

export type StateValue = Record<string, unknown>;

/** What one look saw of one subject on one asset. */
export interface Observation {
  asset_id: number;
  /** `port:tcp/N`, `service:tcp/N`, `cert:tcp/N`, `tls:tcp/N`, `host`. */
  subject: string;
  /** What was seen; a closed port is `{open: false}`. `level` (a certificate's expiry level) is not part of identity. */
  value: StateValue;
  /**
   * True when the look already confirmed it (an appearance seen twice in the round, or a scan's own finding); false
   * for a disappearance, which must be seen in two consecutive rounds before the state changes.
   */
  immediate: boolean;
}

/** How the round left a subject: first sight (baseline), a confirmed change, the same as known, or a change pending. */
export type TransitionKind = 'first' | 'changed' | 'same' | 'pending';

export interface Transition {
  asset_id: number;
  subject: string;
  kind: TransitionKind;
  /** The state before the round (null at first sight). */
  before: StateValue | null;
  /** What the round saw. */
  after: StateValue;
}

/**
 * Merges the observations into monitoring_states in one statement and answers the transitions that matter: first
 * sights, confirmed changes, and certificates and TLS versions seen the same (their alerts are conditions the caller
 * re-evaluates). A subject seen the same as known is not written unless it clears a pending disappearance or its
 * level moved, so a quiet round over 10,000 assets reads its states and writes almost nothing.
 */
export async function mergeStates(db: Tx, customerId: number, profileId: number, obs: Observation[], now: Date): Promise<Transition[]> {
  if (!obs.length) return [];
  const at = now.toISOString();
  const rows = await queryRows<{ asset_id: number; subject: string; kind: TransitionKind; before: StateValue | null; after: StateValue }>(
    db,
    sql`
    with obs as (
      select * from jsonb_to_recordset(${jsonRows(obs)}) as o(asset_id int, subject text, value jsonb, immediate boolean)
    ),
    cur as (
      select o.asset_id, o.subject, o.value, o.immediate, s.id as state_id, s.value as old, s.pending, s.pending_count
      from obs o left join monitoring_states s on s.profile_id = ${profileId} and s.asset_id = o.asset_id and s.subject = o.subject
    ),
    judged as (
      select c.*,
        case
          when c.state_id is null then case when c.value->>'open' = 'false' then 'skip' else 'first' end
          when c.old = c.value or (c.old - 'level') = (c.value - 'level') then 'same'
          when c.immediate then 'changed'
          when (c.pending - 'level') is not distinct from (c.value - 'level') and c.pending_count + 1 >= 2 then 'changed'
          else 'pending'
        end as kind
      from cur c
    ),
    plan as (
      -- write: the state row changes (a quiet subject seen the same is only read).
      select j.*, j.state_id is not null and (j.kind in ('changed', 'pending')
        or (j.kind = 'same' and (j.pending is not null or (j.old->>'level') is distinct from (j.value->>'level')))) as write
      from judged j
    ),
    ins as (
      insert into monitoring_states (customer_id, profile_id, asset_id, subject, value, pending_count, first_seen, last_seen)
      select ${customerId}, ${profileId}, asset_id, subject, value, 0, ${at}::timestamptz, ${at}::timestamptz from plan where kind = 'first'
      on conflict (profile_id, asset_id, subject) do nothing
    ),
    upd as (
      update monitoring_states s set
        value = case when p.kind = 'pending' then s.value else p.value end,
        pending = case when p.kind = 'pending' then p.value else null end,
        pending_count = case
          when p.kind <> 'pending' then 0
          when (s.pending - 'level') is not distinct from (p.value - 'level') then s.pending_count + 1
          else 1 end,
        last_seen = case when p.kind = 'pending' then s.last_seen else ${at}::timestamptz end
      from plan p
      where p.write and s.id = p.state_id
    )
    select asset_id, subject, kind, old as before, value as after from plan
    where kind in ('first', 'changed') or (kind = 'same' and (subject like 'cert:%' or subject like 'tls:%'))`,
  );
  return rows.map((r) => ({ asset_id: Number(r.asset_id), subject: r.subject, kind: r.kind, before: r.before, after: r.after }));
}

/** A profile's known states, for planning a round (which ports to look at again, what a second look must confirm). */
export async function knownStates(
  db: Tx,
  profileId: number,
): Promise<Map<number, Map<string, { value: StateValue | null; pending: StateValue | null }>>> {
  const rows = await queryRows<{ asset_id: number; subject: string; value: StateValue | null; pending: StateValue | null }>(
    db,
    sql`select asset_id, subject, value, pending from monitoring_states where profile_id = ${profileId}`,
  );
  const out = new Map<number, Map<string, { value: StateValue | null; pending: StateValue | null }>>();
  for (const r of rows) {
    const id = Number(r.asset_id);
    let m = out.get(id);
    if (!m) out.set(id, (m = new Map()));
    m.set(r.subject, { value: r.value, pending: r.pending });
  }
  return out;
}
