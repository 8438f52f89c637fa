// The SQL injection tests against SQL Server and Oracle stand-ins (fixtures/vuln-sql-dialects.ts): a real T-SQL and
// Oracle parser decides whether the built statement is valid, and the page shows the product's documented error as
// ASP.NET, ASP.NET Core, PHP over ODBC, a Java servlet or PHP's oci8 prints it. Error-based finds each flaw and names
// the product; the fixed twins, and pages that only mention the products or quote their errors, give nothing; the
// boolean test works on the statement's WHERE as the parser reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlError, sqliBoolean, sqliError } from '../../src/web/tests/active/sqli.ts';
import type { WebFinding, WebTest } from '../../src/web/types.ts';
import { harness, queryPoint, type Harness } from './fixtures/harness.ts';
import {
  errorPage,
  MSSQL_STACKS,
  ORACLE_STACKS,
  parserReady,
  runSql,
  startDialectApp,
  type Dialect,
  type MssqlStack,
  type OracleStack,
} from './fixtures/vuln-sql-dialects.ts';

let vuln: Awaited<ReturnType<typeof startDialectApp>>;
let fixed: Awaited<ReturnType<typeof startDialectApp>>;
let h: Harness;

beforeAll(async () => {
  [vuln, fixed] = await Promise.all([startDialectApp({ fixed: false }), startDialectApp({ fixed: true })]);
  h = harness();
});

afterAll(async () => {
  h?.close();
  await Promise.all([vuln?.close(), fixed?.close()]);
});

const run = (test: WebTest, url: string, name: string): Promise<WebFinding[]> => test.point!(queryPoint(url, name), h.ctx);

const PRODUCT: Record<Dialect, string> = { mssql: 'Microsoft SQL Server', oracle: 'Oracle' };
type Stack = MssqlStack | OracleStack;
const STACKS: [Dialect, Stack][] = [
  ...MSSQL_STACKS.map((s): [Dialect, Stack] => ['mssql', s]),
  ...ORACLE_STACKS.map((s): [Dialect, Stack] => ['oracle', s]),
];

describe('the error messages, as each stack prints them', () => {
  // Statements the parser refuses, one for each kind of error the fixture maps (105+102, 102, 156; ORA-01756, -00933,
  // -00936, -00907, -01740, -00911).
  const BROKEN = ["id = 1'", "name = 'apple''", 'id = 1)', 'id = ', 'id = 1 AND', 'id = (1', 'id = 1"', 'id = 1`'];

  it.each(STACKS)('%s through %s: every syntax error is recognised, and named for its product', async (dialect, stack) => {
    await parserReady();
    const numbers = new Set<number>();
    for (const where of BROKEN) {
      const r = runSql(dialect, `SELECT name FROM items WHERE ${where}`);
      if (!('error' in r)) throw new Error(`the parser accepted ${where}`);
      numbers.add(r.error.number);
      const page = errorPage(stack, r.error).body;
      expect(sqlError(page), `${where}: ${r.error.messages.join(' ')}`).toMatchObject({ dbms: PRODUCT[dialect] });
    }
    expect(numbers).toEqual(new Set(dialect === 'mssql' ? [105, 102, 156] : [1756, 933, 936, 907, 1740, 911]));
  });

  it.each(STACKS)('%s through %s: a bound value that is no number is a conversion error, not a syntax error', async (dialect, stack) => {
    await parserReady();
    const p = dialect === 'mssql' ? '@id' : ':id';
    const r = runSql(dialect, `SELECT name FROM items WHERE id = ${p}`, { [p]: "1'" });
    if (!('error' in r)) throw new Error('no conversion error');
    expect(r.error.messages[0]).toMatch(
      dialect === 'mssql' ? /^Conversion failed when converting the nvarchar value/ : /^ORA-01722: invalid number$/,
    );
    expect(sqlError(errorPage(stack, r.error).body)).toBeNull();
  });
});

describe('error-based', () => {
  it.each(STACKS)('%s through %s: finds numeric and string injection, with evidence naming the product', async (dialect, stack) => {
    const [n] = await run(sqliError, `${vuln.base}/${dialect}/${stack}/item?id=1`, 'id');
    expect(n).toMatchObject({ test: 'web-sqli-error', parameter: 'id', location: 'query', payload: "1'", confidence: 'confirmed' });
    expect(n!.evidence.proof).toMatch(
      dialect === 'mssql'
        ? /^Microsoft SQL Server: Unclosed quotation mark after the character string$/
        : /^Oracle: (ORA-01756|quoted string not properly terminated)$/,
    );
    expect(n!.evidence.how).toBe('database error message');
    expect(n!.evidence.request).toMatch(new RegExp(`^GET /${dialect}/${stack}/item\\?id=1%27 HTTP/1.1`));
    const [s] = await run(sqliError, `${vuln.base}/${dialect}/${stack}/search?q=apple`, 'q');
    expect(s).toMatchObject({ parameter: 'q', payload: "apple'" });
    expect(s!.evidence.proof.startsWith(`${PRODUCT[dialect]}: `)).toBe(true);
  });

  it.each(STACKS)('%s through %s: nothing on the fixed twin, though its numeric page shows a conversion error', async (dialect, stack) => {
    const page = await h.client.send({ method: 'GET', url: `${fixed.base}/${dialect}/${stack}/item?id=1%27` });
    expect(page.body).toMatch(dialect === 'mssql' ? /Conversion failed when converting the nvarchar value/ : /ORA-01722: invalid number/);
    expect(await run(sqliError, `${fixed.base}/${dialect}/${stack}/item?id=1`, 'id')).toEqual([]);
    expect(await run(sqliError, `${fixed.base}/${dialect}/${stack}/search?q=apple`, 'q')).toEqual([]);
  });

  it.each(STACKS)('%s through %s: finds a statement broken by a stray parenthesis when quotes are filtered out', async (dialect, stack) => {
    // The first breakers lose their quotes and pass; "1')" leaves "1)": error 102 near ')', ORA-00933.
    const [f] = await run(sqliError, `${vuln.base}/${dialect}/${stack}/strip?id=1`, 'id');
    expect(f).toMatchObject({ payload: "1')" });
    expect(f!.evidence.proof).toMatch(
      dialect === 'mssql' ? /^Microsoft SQL Server: Incorrect syntax near '$/ : /^Oracle: (ORA-00933|SQL command not properly ended)$/,
    );
    expect(await run(sqliError, `${fixed.base}/${dialect}/${stack}/strip?id=1`, 'id')).toEqual([]);
  });

  it('gives nothing on a help page that quotes the errors on every answer, nor on notes that name the products', async () => {
    expect(await run(sqliError, `${vuln.base}/help/errors?topic=1`, 'topic')).toEqual([]);
    // The index of a knowledge base quotes the errors for any article but 1: 1' shows them, and so does 1-0, which an
    // SQL statement would take as well as 1.
    const index = await h.client.send({ method: 'GET', url: `${vuln.base}/help/article?id=1%27` });
    expect(sqlError(index.body)).not.toBeNull();
    expect(await run(sqliError, `${vuln.base}/help/article?id=1`, 'id')).toEqual([]);
    // The notes come for any section but 1, a quoted one too: only a loose pattern ("SQL Server", "ORA-") would see an
    // error there.
    const notes = await h.client.send({ method: 'GET', url: `${vuln.base}/about?section=1%27` });
    expect(notes.body).toMatch(/Microsoft SQL Server.*Oracle.*ORA- numbers/);
    expect(await run(sqliError, `${vuln.base}/about?section=1`, 'section')).toEqual([]);
  });
});

describe('boolean-based', () => {
  it.each(['mssql', 'oracle'])(
    '%s: finds blind numeric and string injection by true/false pages, not on the fixed twin',
    async (dialect) => {
      const [n] = await run(sqliBoolean, `${vuln.base}/${dialect}/blind?id=1`, 'id');
      expect(n).toMatchObject({ test: 'web-sqli-boolean', confidence: 'confirmed', payload: '1 AND 1=1 / 1 AND 1=2' });
      const [s] = await run(sqliBoolean, `${vuln.base}/${dialect}/blind-str?q=apple`, 'q');
      expect(s!.payload).toBe("apple' AND '1'='1 / apple' AND '1'='2");
      expect(await run(sqliBoolean, `${fixed.base}/${dialect}/blind?id=1`, 'id')).toEqual([]);
      expect(await run(sqliBoolean, `${fixed.base}/${dialect}/blind-str?q=apple`, 'q')).toEqual([]);
    },
  );
});
