// Whether an exception covers a finding: SQL the rules (and the ticket list) put into their queries so that nothing an
// exception covers is ticketed.
import { sql, type SQL } from 'drizzle-orm';

/**
 * A condition true when an unexpired exception of the customer covers the finding whose id is `findingId` (a column or
 * expression of the calling query): its host's address (inside the exception's address, range or network), its host
 * name (the asset's value or a name the scan saw), or its URL (the web application's or the web finding's URL starts
 * with the exception's), with the exception's port, test or issue when it names one. Expired exceptions count for
 * nothing (`now` is the caller's clock). One `exists` per finding, on indexed keys: a rule over a million findings
 * reads the customer's few exceptions once per finding, as a hash of a handful of rows.
 */
export function findingExcludedSql(customerId: number, findingId: SQL, now: Date): SQL {
  return sql`exists (
    select 1
    from findings xf
    join assets xa on xa.id = xf.host_id
    join exclusions xe on xe.customer_id = ${customerId}
    where xf.id = ${findingId}
      and xf.customer_id = ${customerId}
      and (xe.expires_at is null or xe.expires_at > ${now.toISOString()}::timestamptz)
      and (xe.port is null or xf.port = xe.port)
      and (xe.test_id is null or xf.check_id = xe.test_id)
      and (xe.issue_id is null or xf.issue_id = xe.issue_id)
      and (
        (xe.kind in ('address', 'range', 'network') and xa.address is not null
          and family(xa.address::inet) = family(xe.first::inet)
          and xa.address::inet between xe.first::inet and xe.last::inet)
        or (xe.kind = 'hostname' and (lower(xa.value) = xe.value
          or exists (select 1 from jsonb_array_elements_text(xa.hostnames) xh where lower(xh) = xe.value)))
        or (xe.kind = 'url' and (left(xa.value, length(xe.value)) = xe.value
          or exists (select 1 from web_findings xw where xw.finding_id = xf.id and left(xw.url, length(xe.value)) = xe.value)))
      )
  )`;
}

/**
 * A condition true when an unexpired exception that names a place (no test, no issue) covers the host `hostId` (its
 * address or name) on `port` — an exception without a port covers every port. Results processing uses it so that a
 * run does not close a finding or a port it was not allowed to look at: an excepted port of a live host was never
 * asked, so its silence says nothing.
 */
export function placeExcludedSql(customerId: number, hostId: SQL, port: SQL, now: Date): SQL {
  return sql`exists (
    select 1
    from assets xa
    join exclusions xe on xe.customer_id = ${customerId}
    where xa.id = ${hostId}
      and (xe.expires_at is null or xe.expires_at > ${now.toISOString()}::timestamptz)
      and xe.test_id is null and xe.issue_id is null
      and (xe.port is null or xe.port = ${port})
      and (
        (xe.kind in ('address', 'range', 'network') and xa.address is not null
          and family(xa.address::inet) = family(xe.first::inet)
          and xa.address::inet between xe.first::inet and xe.last::inet)
        or (xe.kind = 'hostname' and (lower(xa.value) = xe.value
          or exists (select 1 from jsonb_array_elements_text(xa.hostnames) xh where lower(xh) = xe.value)))
      )
  )`;
}
