// The list toolkit on its own: ordering, date bounds, 0-100 caps, repeated parameters, the text operators as SQL on a
// real database (pattern characters escaped), and counts that are exact below the threshold and estimated above it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/client.ts';
import { queryRows, textCondition } from '../src/db/rows.ts';
import { boolParam, countRows, dateBound, EXACT_COUNT_LIMIT, listParam, ordering, scoreBound, textFilters } from '../src/http/list.ts';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';

describe('list parameters', () => {
  it('parses ordering to a key and direction, and names the keys when it is wrong', () => {
    const o = ordering(['name', 'created'], '-created');
    expect(o.parse(undefined)).toEqual({ key: 'created', descending: true });
    expect(o.parse('name')).toEqual({ key: 'name', descending: false });
    expect(o.safeParse('colour').error?.issues[0]?.message).toBe('Order by one of: name, created (with - for descending).');
  });

  it('makes a bare day an inclusive upper bound, and refuses a non-date', () => {
    const after = z.object({ a: dateBound(false), b: dateBound(true) });
    const v = after.parse({ a: '2026-01-01', b: '2026-01-01' });
    expect(v.a!.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(v.b!.toISOString()).toBe('2026-01-01T23:59:59.999Z');
    expect(after.safeParse({ a: 'yesterday' }).success).toBe(false);
  });

  it('caps scores at 0 and 100, reads booleans and repeated values', () => {
    expect(scoreBound.parse('100')).toBe(100);
    expect(scoreBound.safeParse('101').error?.issues[0]?.message).toBe('Ensure this value is less than or equal to 100.');
    expect(scoreBound.safeParse('-1').success).toBe(false);
    expect(boolParam.parse('1')).toBe(true);
    expect(boolParam.safeParse('maybe').error?.issues[0]?.message).toBe('Must be true or false.');
    expect(listParam(z.coerce.number()).parse('3')).toEqual([3]);
    expect(listParam(z.coerce.number()).parse(['3', '4'])).toEqual([3, 4]);
    expect(Object.keys(textFilters(['asset_name']))).toEqual([
      'asset_name__starts_with',
      'asset_name__ends_with',
      'asset_name__contains',
      'asset_name__is',
      'asset_name__is_not',
    ]);
  });
});

describe.each(BACKENDS)('list SQL on %s', (backend) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    database = testDb.database;
    await database.db.execute(sql`CREATE TABLE names (name text)`);
    await database.db.execute(sql`INSERT INTO names VALUES ('web-01'), ('Web_02'), ('db-01'), ('100%_sure'), ('WEB')`);
  });
  afterAll(() => testDb.drop());

  const names = async (cond: ReturnType<typeof textCondition>) =>
    (await queryRows<{ name: string }>(database.db, sql`SELECT name FROM names WHERE ${cond} ORDER BY name`)).map((r) => r.name);

  it('applies the text operators case-insensitively, with % and _ taken literally', async () => {
    const col = sql.raw('name');
    expect(await names(textCondition(col, 'starts_with', 'web'))).toEqual(['WEB', 'Web_02', 'web-01']);
    expect(await names(textCondition(col, 'ends_with', '-01'))).toEqual(['db-01', 'web-01']);
    expect(await names(textCondition(col, 'contains', '_'))).toEqual(['100%_sure', 'Web_02']);
    expect(await names(textCondition(col, 'contains', '%_'))).toEqual(['100%_sure']);
    expect(await names(textCondition(col, 'is', 'web'))).toEqual(['WEB']);
    expect(await names(textCondition(col, 'is_not', 'web'))).toEqual(['100%_sure', 'Web_02', 'db-01', 'web-01']);
  });

  it('counts exactly up to the threshold and estimates above it', { timeout: 120_000 }, async () => {
    await database.db.execute(sql`CREATE TABLE many (n int)`);
    await database.db.execute(sql`INSERT INTO many SELECT generate_series(1, ${EXACT_COUNT_LIMIT - 1})`);
    expect(await countRows(database.db, sql`SELECT 1 FROM many`)).toEqual({ count: EXACT_COUNT_LIMIT - 1, exact: true });
    await database.db.execute(sql`INSERT INTO many SELECT generate_series(1, ${EXACT_COUNT_LIMIT * 4})`);
    await database.db.execute(sql`ANALYZE many`);
    const big = await countRows(database.db, sql`SELECT 1 FROM many`);
    expect(big.exact).toBe(false);
    // The planner's estimate after ANALYZE: close to the 49,999 rows, and never below what was counted.
    expect(big.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(big.count - (EXACT_COUNT_LIMIT * 5 - 1))).toBeLessThan(EXACT_COUNT_LIMIT);
  });
});
