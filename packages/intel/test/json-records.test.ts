// The record scanner: each record's bytes found across any chunking (escapes, backslash runs, UTF-8 split between
// chunks), containers, JSON lines, and syntax errors that end the stream with the line they are on.
import { describe, expect, test } from 'vitest';
import { jsonRecords, MEMBER_RECORDS, type JsonEvent } from '../src/feeds/json-records.ts';

async function events(text: string | Buffer, keys: string[], chunk = 1 << 20): Promise<JsonEvent[]> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < bytes.length; i += chunk) yield new Uint8Array(bytes.subarray(i, i + chunk)); // plain Uint8Arrays too
  }
  const out: JsonEvent[] = [];
  for await (const ev of jsonRecords(chunks(), new Set(keys))) out.push(ev);
  return out;
}

const values = (evs: JsonEvent[]): unknown[] => evs.flatMap((e) => (e.type === 'value' ? [e.value] : []));

/** Strings that are hard to cut: escaped quotes and backslash runs of every parity, brackets in strings, non-ASCII. */
const tricky = [
  { id: 'a', text: 'say \\"hi\\" {not [a] bracket}', path: 'C:\\\\dir\\\\', runs: '\\\\\\"\\\\' },
  { id: 'b', text: 'ünïcödé — 漢字 😀', cpe: 'cpe:2.3:a:foo\\\\:bar:*:*:*:*:*:*:*:*', nested: [[{}], [], { x: [1, -2.5e3, true, null] }] },
  { id: 'c', empty: '', quote: '\\"', tail: 'ends with a backslash \\\\' },
];
const page = `{"resultsPerPage": 3, "note": "a \\"quoted\\" ] } string", "vulnerabilities": [\n  ${tricky
  .map((t) => JSON.stringify(t))
  .join(',\n  ')}\n], "after": {"ignored": true}}`;

describe('jsonRecords', () => {
  test('a container page read in chunks of every size from 1 to 40 bytes gives what JSON.parse gives', async () => {
    const expected = (JSON.parse(page) as { vulnerabilities: unknown[] }).vulnerabilities;
    for (let size = 1; size <= 40; size++) {
      const evs = await events(page, ['vulnerabilities'], size);
      expect(values(evs), `chunks of ${size}`).toEqual(expected);
      expect(evs[0]).toEqual({ type: 'header', header: { resultsPerPage: 3, note: 'a "quoted" ] } string' } });
      expect(evs.filter((e) => e.type === 'value').map((e) => e.type === 'value' && [e.index, e.container])).toEqual([
        [0, 'vulnerabilities'],
        [1, 'vulnerabilities'],
        [2, 'vulnerabilities'],
      ]);
      expect(evs.some((e) => e.type === 'error')).toBe(false);
    }
  });

  test('a top-level array, a single record, and documents back to back (JSON lines), with a byte order mark', async () => {
    const text = `\uFEFF[{"id": 1}, 2, "three"]\n{"id": 4, "__proto__": {"x": 1}}\n{"vulnerabilities": [{"id": 5}]}\n`;
    const evs = await events(text, ['vulnerabilities'], 3);
    const got = values(evs);
    expect(got.slice(0, 3)).toEqual([{ id: 1 }, 2, 'three']);
    expect(got[3]).toEqual(JSON.parse('{"id": 4, "__proto__": {"x": 1}}'));
    expect(Object.keys(got[3] as object)).toEqual(['id', '__proto__']); // kept as a member, as JSON.parse keeps it
    expect(got[4]).toEqual({ id: 5 });
    expect(evs.filter((e) => e.type === 'value').map((e) => e.type === 'value' && e.container)).toEqual([
      null,
      null,
      null,
      null,
      'vulnerabilities',
    ]);
  });

  test('member records: every member of the top object is a record {key, value}', async () => {
    const text = '{"openssh": {"CVE-1": {"releases": {}}}, "nginx": {}, "a\\"b": [1]}';
    for (const size of [1, 5, 100]) {
      expect(values(await events(text, [MEMBER_RECORDS], size))).toEqual([
        { key: 'openssh', value: { 'CVE-1': { releases: {} } } },
        { key: 'nginx', value: {} },
        { key: 'a"b', value: [1] },
      ]);
    }
  });

  test('a top-level scalar is reported and the next document is read', async () => {
    const evs = await events('42 {"id": 1}', ['vulnerabilities'], 1);
    expect(evs).toEqual([
      { type: 'error', message: 'a top-level value is not an object or an array', index: 0 },
      { type: 'value', value: { id: 1 }, index: 1, container: null },
    ]);
  });

  test('a syntax error inside a record ends the stream with the line of the error', async () => {
    const text = '{"vulnerabilities": [\n{"id": 1},\n{\n  "id": 2,\n  oops\n},\n{"id": 3}]}';
    for (const size of [1, 7, 1000]) {
      const evs = await events(text, ['vulnerabilities'], size);
      expect(values(evs)).toEqual([{ id: 1 }]);
      expect(evs[evs.length - 1]).toMatchObject({
        type: 'error',
        index: 1,
        line: 5,
        message: expect.stringMatching(/^invalid JSON near line 5: /),
      });
    }
  });

  test('structural errors between records and truncation are errors at the right index', async () => {
    const missingComma = await events('[{"id": 1} {"id": 2}]', [], 4);
    expect(missingComma.map((e) => e.type)).toEqual(['value', 'error']);
    expect(missingComma[1]).toMatchObject({ index: 1, message: expect.stringMatching(/expected ',' or ']'/) });
    const trailing = await events('{"vulnerabilities": [{"id": 1},]}', ['vulnerabilities']);
    expect(trailing[trailing.length - 1]).toMatchObject({ type: 'error', index: 1 });
    const truncated = await events('{"vulnerabilities": [{"id": 1}, {"id": "tw', ['vulnerabilities'], 3);
    expect(values(truncated)).toEqual([{ id: 1 }]);
    expect(truncated[truncated.length - 1]).toMatchObject({ type: 'error', index: 1, message: expect.stringMatching(/end of input/) });
    const badKey = await events('{"a": 1, b: 2}', []);
    expect(badKey).toMatchObject([{ type: 'error', message: expect.stringMatching(/expected a member name/) }]);
  });
});
