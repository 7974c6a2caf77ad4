-- CivicFleet per-table storage settings for a large fleet on PostgreSQL (run once as the tables' owner:
-- psql "$DATABASE_URL" -f deploy/postgresql/tuning.sql). Not a migration: PGlite (one city) does not need it.
--
-- device_latest and device_derive_state get one UPDATE per device per ingest batch. Measured on PostgreSQL 15
-- (docs/deployment.md "Row sizes and WAL"): at the default fillfactor 100 almost no update is HOT (222 of 60,000),
-- every update adds entries to each index and device_latest grew from ~200 to 1,039 bytes per device after six
-- rounds; at fillfactor 50 every update was HOT (40,000 of 40,000), WAL per device_latest update fell from ~400 to
-- ~180 bytes and the table stayed at ~300 bytes per device.
ALTER TABLE device_latest SET (
  fillfactor = 50,
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 20000,
  autovacuum_vacuum_cost_delay = 0,
  autovacuum_analyze_scale_factor = 0.05
);
ALTER TABLE device_derive_state SET (
  fillfactor = 50,
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 20000,
  autovacuum_vacuum_cost_delay = 0
);
-- One row per device per IST day, updated by every batch of that device during the day.
ALTER TABLE daily_vehicle_stats SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02);

-- fillfactor applies to pages written from now on; rewrite the two hot tables once (short exclusive lock each:
-- do it in a quiet hour, or with pg_repack to avoid the lock).
VACUUM (FULL, ANALYZE) device_latest;
VACUUM (FULL, ANALYZE) device_derive_state;
