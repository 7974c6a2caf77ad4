/**
 * Paged lists render LIMIT as a literal (list-query.ts literalLimit): on PostgreSQL a named statement with `LIMIT $n`
 * is planned again at every execution, because its generic plan is costed for a tenth of the rows. The PostgreSQL
 * case checks that with the literal the vehicle list's named statement runs on its generic plan.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { listVehicles } from '../modules/vehicle/vehicle.repository.ts';
import { rows } from './client.ts';
import { literalLimit, offsetSql } from './list-query.ts';
import { vehicles } from './schema/index.ts';

const dialect = new PgDialect();

describe('literal LIMIT', () => {
  it('puts the page size in the text and the offset, when there is one, in a parameter', () => {
    const query = dialect.sqlToQuery(
      sql`select ${vehicles.id} from ${vehicles} limit ${literalLimit(25)}${offsetSql(50)}`,
    );
    expect(query.sql).toBe('select "vehicles"."id" from "vehicles" limit 25 offset $1');
    expect(query.params).toEqual([50]);
    const first = dialect.sqlToQuery(sql`select 1 limit ${literalLimit(10)}${offsetSql(0)}`);
    expect(first).toMatchObject({ sql: 'select 1 limit 10', params: [] });
  });

  it('refuses what is not a non-negative integer (it goes into the text)', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => literalLimit(bad)).toThrow(/non-negative integer/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: the vehicle list keeps its generic plan', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.close());

  it('plans the named statement once instead of at every page request', async () => {
    const [scope] = await rows<{ ids: string[] }>(
      t.db,
      sql`select array_agg(id::text) as ids from organisations`,
    );
    const orgIds = (scope?.ids ?? []).map(BigInt);
    await t.db.transaction(async (tx) => {
      // A city's fleet (the seed's few vehicles make every plan cheap), analysed as autovacuum would.
      await tx.execute(
        sql`insert into vehicles (organisation_id, registration_number)
            select ${orgIds[0] ?? 0n}, 'MP09ZZ' || lpad(n::text, 4, '0') from generate_series(1, 1000) n`,
      );
      await tx.execute(sql`analyze vehicles`);
      // One connection: the named statement (db/client.ts) is prepared on it; PostgreSQL tries five custom plans,
      // then compares them with the generic one.
      for (let i = 0; i < 10; i++)
        await listVehicles(tx, { orgIds }, { page: 1, pageSize: 10, sortOrder: 'asc' });
      const plans = await rows<{ generic: number; custom: number }>(
        tx,
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where statement like '%from "vehicles" inner join "organisations"%'`,
      );
      expect(plans).toHaveLength(1);
      expect(plans[0]?.generic).toBeGreaterThanOrEqual(4);
      expect(plans[0]?.custom).toBeLessThanOrEqual(6);
    });
  });
});
