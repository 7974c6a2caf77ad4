-- Where the bytes go on a running CivicFleet database (read-only; psql "$DATABASE_URL" -f deploy/postgresql/sizes.sql).
-- Compare with the per-row figures in docs/deployment.md "Row sizes and WAL" and redo the 1M-device arithmetic with
-- your own fleet's rows.

-- Per partition of positions and raw_logs: rows (planner estimate, after ANALYZE), heap and index bytes per row.
SELECT c.relname AS partition,
       greatest(c.reltuples, 0)::bigint AS rows_estimate,
       pg_size_pretty(pg_relation_size(c.oid)) AS heap,
       pg_size_pretty(pg_indexes_size(c.oid)) AS indexes,
       round(pg_relation_size(c.oid) / nullif(greatest(c.reltuples, 0), 0)) AS heap_bytes_per_row,
       round(pg_indexes_size(c.oid) / nullif(greatest(c.reltuples, 0), 0)) AS index_bytes_per_row
FROM pg_inherits i
JOIN pg_class c ON c.oid = i.inhrelid
JOIN pg_class p ON p.oid = i.inhparent
WHERE p.relname IN ('positions', 'raw_logs')
ORDER BY p.relname, c.relname;

-- Average stored size of a position's attrs (jsonb) over a sample: what trimming AIS-140 extras would save.
SELECT round(avg(pg_column_size(attrs))) AS attrs_bytes_avg,
       round(avg(pg_column_size(p.*))) AS row_bytes_avg,
       count(*) AS sampled
FROM (SELECT * FROM positions TABLESAMPLE SYSTEM (0.1) LIMIT 100000) p;

-- The per-device tables: share of HOT updates and dead rows (deploy/postgresql/tuning.sql aims at ~100 % HOT).
SELECT relname,
       n_live_tup,
       n_dead_tup,
       n_tup_upd,
       round(100.0 * n_tup_hot_upd / nullif(n_tup_upd, 0), 1) AS hot_update_pct,
       last_autovacuum,
       pg_size_pretty(pg_total_relation_size(relid)) AS total
FROM pg_stat_user_tables
WHERE relname IN ('device_latest', 'device_derive_state', 'daily_vehicle_stats')
ORDER BY relname;

-- WAL written over 60 seconds of normal load (bytes/s), the figure replication and archiving must carry.
SELECT pg_current_wal_lsn() AS lsn_start \gset
SELECT pg_sleep(60);
SELECT pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), :'lsn_start') / 60) AS wal_per_second;
