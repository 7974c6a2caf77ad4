/**
 * N GT06 devices for a benchmark, each on its own Indore vehicle, in three set-based statements (seeding them one by
 * one through seedTrackedVehicle takes minutes at 10,000). Device i has IMEI `<imeiPrefix><i, 10 digits>`.
 */
import type { Database } from '../../apps/server/src/db/client.ts';
import { sqlClientOf } from '../../apps/server/src/gateway/ingest/sql-client.ts';
import { INDORE, organisationId } from '../../apps/server/src/gateway/testing/fleet.ts';

export interface BenchDevicesOptions {
  count: number;
  /** 5 digits; with the index padded to 10 a 15-digit IMEI. */
  imeiPrefix: string;
  /** Registration numbers are `<registrationPrefix><i, 6 digits>`. */
  registrationPrefix: string;
  model: string;
}

/** Registers the devices and returns their database ids in index order. */
export async function registerBenchDevices(
  database: Database,
  options: BenchDevicesOptions,
): Promise<string[]> {
  const sql = sqlClientOf(database);
  const org = (await organisationId(database.db, INDORE)).toString();
  await sql.query(
    `INSERT INTO devices (imei, protocol, organisation_id, status, model)
     SELECT $3 || lpad(g::text, 10, '0'), 'gt06', $1, 'INSTALLED', $4 FROM generate_series(0, $2::int - 1) g`,
    [org, options.count, options.imeiPrefix, options.model],
  );
  await sql.query(
    `INSERT INTO vehicles (organisation_id, registration_number, kind, type, category)
     SELECT $1, $3 || lpad(g::text, 6, '0'), 'TRUCK', 'tipper', 'Goods' FROM generate_series(0, $2::int - 1) g`,
    [org, options.count, options.registrationPrefix],
  );
  await sql.query(
    `INSERT INTO vehicle_device_links (vehicle_id, device_id, linked_at)
     SELECT v.id, d.id, '2000-01-01T00:00:00Z' FROM generate_series(0, $3::int - 1) g
     JOIN devices d ON d.imei = $2 || lpad(g::text, 10, '0')
     JOIN vehicles v ON v.organisation_id = $1 AND v.registration_number = $4 || lpad(g::text, 6, '0')`,
    [org, options.imeiPrefix, options.count, options.registrationPrefix],
  );
  const rows = await sql.query<{ id: string }>(
    `SELECT id::text AS id FROM devices WHERE imei LIKE $1 || '%' ORDER BY imei`,
    [options.imeiPrefix],
  );
  return rows.map((r) => r.id);
}
