// SQL injection: error-based (a database's syntax error that the baseline does not show, gone again when the quote
// is balanced), boolean-based (a true condition gives the baseline page, a false one a different page, twice) and
// time-based (the database sleeps for two requested lengths, statistically past the measured baseline, and not for
// zero).
import {
  attempt,
  confirmDelay,
  inject,
  measuredAlone,
  noiseCeiling,
  pointFinding,
  samePage,
  timingBaseline,
  type Timing,
} from '../../inject.ts';
import type { InsertionPoint, WebFinding, WebResponse, WebTest, WebTestContext } from '../../types.ts';

const COMMON = {
  category: 'sql-injection',
  severity: 4 as const,
  cwe: ['CWE-89'],
  owasp: 'A03:2021' as const,
  solution:
    'Build SQL with parameterised queries (prepared statements) or a query builder that binds values; never concatenate ' +
    'request values into SQL. Give the application a database account with the least rights it needs, and do not show ' +
    'database errors to users.',
  references: [
    'https://owasp.org/www-community/attacks/SQL_Injection',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
  ],
  kind: 'active' as const,
};

/** An apostrophe in an error page: ASP.NET and Tomcat HTML-encode it as &#39;, ASP.NET Core as &#x27;. */
const APOS = "(?:'|&#0*39;|&#x0*27;|&apos;)";
/** A double quote in an error page, as it is printed or HTML-encoded (PostgreSQL's and SQLite's messages quote with it). */
const QUOT = '(?:"|&quot;|&#0*34;|&#x0*22;)';

/**
 * Syntax-error messages by database. Type-conversion errors are left out: a parameterised query raises them too. So
 * are the names of a driver's exception or stack frames (System.Data.SqlClient.SqlException, oracle.jdbc.driver …):
 * they come with every error of that driver, a bound value's conversion error as well.
 */
export const SQL_ERRORS: { dbms: string; re: RegExp }[] = [
  { dbms: 'MySQL/MariaDB', re: /You have an error in your SQL syntax/i },
  { dbms: 'MySQL/MariaDB', re: /check the manual that (?:corresponds|fits) to your (?:MySQL|MariaDB)/i },
  { dbms: 'MySQL/MariaDB', re: /Warning: mysqli?_\w+\(\)|MySQLSyntaxErrorException|SQLSTATE\[42000\]: Syntax error/ },
  { dbms: 'PostgreSQL', re: /unterminated quoted (?:string|identifier) at or near/i },
  { dbms: 'PostgreSQL', re: new RegExp(`syntax error at or near ${QUOT}`, 'i') },
  { dbms: 'PostgreSQL', re: /pg_query\(\): Query failed|PSQLException|PG::SyntaxError|Npgsql\.PostgresException/ },
  {
    dbms: 'SQLite',
    re: new RegExp(
      `SQLITE_ERROR|sqlite3\\.OperationalError|SQLite3::SQLException|unrecognized token: ${QUOT}|near ${QUOT}.{0,40}?${QUOT}: syntax error`,
    ),
  },
  // Errors 105 and 102 (156 for a keyword), whichever driver prints them (SqlClient, ODBC: "[SQL Server]Incorrect …").
  { dbms: 'Microsoft SQL Server', re: /Unclosed quotation mark after the character string/i },
  { dbms: 'Microsoft SQL Server', re: new RegExp(`Incorrect syntax near (?:the keyword )?${APOS}`) },
  // Oracle's parse errors: 00900 invalid SQL statement, 00905 missing keyword, 00906/00907 missing ( or ), 00911 invalid
  // character, 00917 missing comma, 00920 invalid relational operator, 00921 unexpected end of SQL command, 00923 FROM
  // keyword not found, 00933 SQL command not properly ended, 00936 missing expression, 01740 missing double quote in
  // identifier, 01756 quoted string not properly terminated, and 23ai's 03049 (a keyword not valid where it stands).
  {
    dbms: 'Oracle',
    re: /\bORA-(?:0090[0567]|00911|00917|0092[013]|00933|00936|01740|01756|03049)\b|quoted string not properly terminated|SQL command not properly ended/,
  },
];

/** The first database syntax error in a page, with its database and the text that matched. */
export function sqlError(body: string): { dbms: string; match: string } | null {
  for (const { dbms, re } of SQL_ERRORS) {
    const m = re.exec(body);
    if (m) return { dbms, match: m[0] };
  }
  return null;
}

/** Breaking payloads and their balanced twins (the same characters that close what they open: no error). */
const BREAKERS: [string, string][] = [
  ["'", "''"],
  ['"', '""'],
  ["')", "''"],
  ['`', '``'],
  ['\\', '\\\\'],
];

export const sqliError: WebTest = {
  ...COMMON,
  id: 'web-sqli-error',
  name: 'SQL injection (error-based)',
  description:
    'A quote sent in the parameter makes the database report a syntax error, so the value is put into an SQL ' +
    'statement as text: an attacker can read or change the database.',
  async point(point, ctx) {
    const base = await inject(point, point.value, ctx);
    if (sqlError(base.body)) return [];
    // Asked once: the numeric twin does not depend on the breaker.
    let numericTwinClean: boolean | undefined;
    for (const [broken, balanced] of BREAKERS) {
      const payload = point.value + broken;
      const res = await attempt(point, payload, ctx);
      const err = res && sqlError(res.body);
      if (!err) continue;
      // The balanced twin closes what the breaker opened: no error if the breaker's error was the statement's. In a
      // numeric context that twin is a syntax error too (1''), so there the twin is the same number as an expression
      // (1-0): a statement takes it, while a page that shows such text for any value other than its own (an unknown
      // article's index quoting 'ORA-00933 …') shows it again.
      if (/^-?\d+$/.test(point.value)) {
        numericTwinClean ??= !sqlError((await inject(point, `${point.value}-0`, ctx)).body);
        if (!numericTwinClean) return [];
      } else if (sqlError((await inject(point, point.value + balanced, ctx)).body)) continue;
      return [
        pointFinding('web-sqli-error', point, res, {
          payload,
          proof: `${err.dbms}: ${err.match.replace(new RegExp(APOS, 'g'), "'").replace(new RegExp(QUOT, 'g'), '"')}`,
          around: err.match,
          how: 'database error message',
          confidence: 'confirmed',
        }),
      ];
    }
    return [];
  },
};

/** True/false pairs by the value's context: the true one leaves the query's meaning as it was. */
function booleanPairs(v: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (/^-?\d+$/.test(v)) pairs.push([`${v} AND 1=1`, `${v} AND 1=2`], [`${v}) AND (1=1`, `${v}) AND (1=2`]);
  pairs.push(
    [`${v}' AND '1'='1`, `${v}' AND '1'='2`],
    [`${v}" AND "1"="1`, `${v}" AND "1"="2`],
    [`${v}' AND 1=1-- -`, `${v}' AND 1=2-- -`],
    [`${v}') AND ('1'='1`, `${v}') AND ('1'='2`],
  );
  return pairs;
}

export const sqliBoolean: WebTest = {
  ...COMMON,
  id: 'web-sqli-boolean',
  name: 'SQL injection (boolean-based)',
  description:
    'A condition added to the parameter changes the page as SQL would: a true condition gives the normal page, a false ' +
    'one a different page. The value is part of an SQL statement and an attacker can read the database bit by bit.',
  async point(point, ctx) {
    const b1 = await inject(point, point.value, ctx);
    const b2 = await inject(point, point.value, ctx);
    // A page that changes by itself cannot be compared.
    if (!samePage(b1, b2, [])) return [];
    for (const [t, f] of booleanPairs(point.value)) {
      const vals = [t, f, point.value];
      const rt = await inject(point, t, ctx);
      if (!samePage(rt, b1, vals)) continue;
      const rf = await inject(point, f, ctx);
      if (samePage(rf, b1, vals)) continue;
      // Again, to be sure the difference is the condition and not chance.
      const rt2 = await inject(point, t, ctx);
      const rf2 = await inject(point, f, ctx);
      if (!samePage(rt2, b1, vals) || samePage(rf2, b1, vals) || !samePage(rf2, rf, vals)) continue;
      return [
        pointFinding('web-sqli-boolean', point, rf, {
          payload: `${t} / ${f}`,
          proof: `"${t}" gives the normal page (HTTP ${rt.status}, ${rt.body.length} bytes); "${f}" a different one (HTTP ${rf.status}, ${rf.body.length} bytes), twice`,
          around: '',
          how: 'true/false responses differ',
          confidence: 'confirmed',
        }),
      ];
    }
    return [];
  },
};

/** Sleep payloads by database; {v} the original value, {d} the delay in seconds. */
const SLEEPS: { dbms: string; numeric?: boolean; template: string }[] = [
  { dbms: 'MySQL/MariaDB', numeric: true, template: '{v} AND (SELECT 1 FROM (SELECT SLEEP({d}))bwk)' },
  { dbms: 'MySQL/MariaDB', template: "{v}' AND (SELECT 1 FROM (SELECT SLEEP({d}))bwk) AND '1'='1" },
  { dbms: 'MySQL/MariaDB', template: '{v}" AND (SELECT 1 FROM (SELECT SLEEP({d}))bwk) AND "1"="1' },
  { dbms: 'PostgreSQL', numeric: true, template: '{v} AND 1=(SELECT 1 FROM PG_SLEEP({d}))' },
  { dbms: 'PostgreSQL', template: "{v}' AND 1=(SELECT 1 FROM PG_SLEEP({d})) AND '1'='1" },
  { dbms: 'PostgreSQL', template: '{v};SELECT PG_SLEEP({d})-- -' },
  { dbms: 'Microsoft SQL Server', template: "{v}';WAITFOR DELAY '{hms}'-- -" },
  { dbms: 'Microsoft SQL Server', numeric: true, template: "{v};WAITFOR DELAY '{hms}'-- -" },
  { dbms: 'Oracle', template: "{v}' AND 1=DBMS_PIPE.RECEIVE_MESSAGE('bwk',{d}) AND '1'='1" },
  // SQLite has no sleep: a counting loop stands in (CPU only; RANDOMBLOB would make the target allocate hundreds of MB).
  {
    dbms: 'SQLite',
    numeric: true,
    template: '{v} AND 0<(WITH RECURSIVE bwk(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM bwk LIMIT {rows}) SELECT count(*) FROM bwk)',
  },
  {
    dbms: 'SQLite',
    template:
      "{v}' AND 0<(WITH RECURSIVE bwk(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM bwk LIMIT {rows}) SELECT count(*) FROM bwk) AND '1'='1",
  },
];

/** Rows of the counting loop that take about a second, until a target's own speed is measured (calibrateLoop). */
const LOOP_ROWS_PER_S = 5_000_000;

function fill(template: string, v: string, d: number, rowsPerS = LOOP_ROWS_PER_S): string {
  const ms = Math.round(d * 1000);
  const hms = `0:0:${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;
  return template
    .replace('{v}', () => v)
    .replace('{d}', String(d))
    .replace('{hms}', hms)
    .replace('{rows}', String(Math.round(d * rowsPerS)));
}

/**
 * The counting loop's speed on this target, rows per second: one probe of a known length measured against the
 * baseline (a loop's time is the target's CPU, not a sleep). Null when the probe is not clearly slower than the
 * baseline: the value is not in a statement, or the loop is too fast to tell.
 */
async function calibrateLoop(
  point: InsertionPoint,
  ctx: WebTestContext,
  template: string,
  base: Timing,
  probeS: number,
): Promise<number | null> {
  const rows = Math.round(probeS * LOOP_ROWS_PER_S);
  let res: WebResponse;
  try {
    res = await inject(point, fill(template, point.value, probeS), ctx, { timeoutMs: base.mean + probeS * 10_000 + 5000 });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return null;
  }
  const extraMs = res.timeMs - base.mean;
  if (res.timeMs < noiseCeiling(base) || extraMs < 100) return null;
  return (rows / extraMs) * 1000;
}

export interface TimeOptions {
  /** The two delays asked for, seconds (the second longer). */
  delaysS?: readonly [number, number];
  /** Baseline requests measured. */
  samples?: number;
}

/** Time-based SQL injection; the delays are a parameter so a fixture can use short ones. */
export function sqliTimeTest(opts: TimeOptions = {}): WebTest {
  const delays = opts.delaysS ?? [3, 6];
  return {
    ...COMMON,
    id: 'web-sqli-time',
    name: 'SQL injection (time-based)',
    description:
      'A database sleep function sent in the parameter delays the answer by the time asked for (measured against the ' +
      "page's normal response time): the value is part of an SQL statement, even though the page shows nothing of it.",
    point(point: InsertionPoint, ctx: WebTestContext): Promise<WebFinding[]> {
      return measuredAlone(ctx, async () => {
        const base = await timingBaseline(point, ctx, opts.samples ?? 5);
        const numeric = /^-?\d+$/.test(point.value);
        for (const s of SLEEPS) {
          if (s.numeric && !numeric) continue;
          const timeoutMs = base.mean + delays[1] * 3000 + 5000;
          // A counting loop is sized to this target's speed, so it delays by what is asked on a fast or a slow server.
          const rate = s.template.includes('{rows}') ? await calibrateLoop(point, ctx, s.template, base, delays[0] / 2) : LOOP_ROWS_PER_S;
          if (rate === null) continue;
          const hit = await confirmDelay(
            (d) => inject(point, fill(s.template, point.value, d, rate * 1.1), ctx, { timeoutMs }),
            base,
            delays,
          );
          if (!hit) continue;
          const [t1, t2, t0] = hit.times.map((t) => Math.round(t));
          return [
            pointFinding('web-sqli-time', point, hit.responses[1]!, {
              payload: fill(s.template, point.value, delays[1], rate * 1.1),
              proof: `${s.dbms}: ${delays[0]} s → ${t1} ms, ${delays[1]} s → ${t2} ms, 0 s → ${t0} ms; baseline ${Math.round(base.mean)} ± ${Math.round(base.sd)} ms`,
              around: '',
              how: `response delayed by the requested ${delays[0]} s and ${delays[1]} s`,
              confidence: 'confirmed',
            }),
          ];
        }
        return [];
      });
    },
  };
}

export const sqliTime = sqliTimeTest();
