/**
 * The gateway role: one TCP listener per protocol, device connections, the ingest pipeline and its batch writer.
 *
 *   const gateway = await startGateway({ database, bus, env: env.gateway, log });
 *   gateway.ports            // { ais140, gt06, teltonika } as bound (0 in the config = an ephemeral port)
 *   await gateway.stop();    // stop accepting, ingest what was received, commit, send the acks, close sockets
 */
import net from 'node:net';
import { createCodecs, PROTOCOLS, type Codec, type Protocol } from '@civicfleet/protocols';
import { TOPICS, type Bus, type DevicesChangedMessage } from '../bus/bus.ts';
import type { GatewayEnv } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { isUnreachable } from '../db/connection-errors.ts';
import { createCommandDelivery } from './commands.ts';
import { openDeviceConnection, type DeviceConnection, type GatewayLog } from './connection.ts';
import { createDeviceDirectory, type DeviceDirectory } from './device-directory.ts';
import type { BatchTable } from './ingest/batch.ts';
import { createStages, type IngestStage } from './ingest/pipeline.ts';
import { sqlClientOf } from './ingest/sql-client.ts';
import { createIngestWriter, type IngestWriter, type WriterHooks } from './ingest/writer.ts';
import { createConnectionRegistry, type ConnectionRegistry } from './registry.ts';
import { connectionCap, openFilesSoftLimit } from './identity/fd-limit.ts';
import { createIdentityGuard, identityConflictTable } from './identity/identity-guard.ts';
import { plainAddress } from './identity/source-networks.ts';
import { createUnidentifiedBudget } from './identity/unidentified-budget.ts';
import type { EmergencyForwarder } from '../modules/forwarding/emergency.ts';
import type { Metrics } from '../observability/metrics.ts';

export type GatewayConfig = Pick<
  GatewayEnv,
  'host' | 'ports' | 'idleTimeoutS' | 'maxConnections' | 'flushMs' | 'batchRows'
> &
  Partial<
    Pick<
      GatewayEnv,
      'livePositions' | 'loginTimeoutS' | 'maxConnectionsPerAddress' | 'takeoverGuardS' | 'unknownFrames'
    >
  > & {
    /** Frames per connection waiting for their commit before the socket stops reading. Default 1000. */
    maxPendingFrames?: number;
    /** Idle timeout in ms (overrides idleTimeoutS; tests). */
    idleTimeoutMs?: number;
    /** Login timeout in ms (overrides loginTimeoutS; tests). */
    loginTimeoutMs?: number;
    /** Takeover guard in ms (overrides takeoverGuardS; tests). */
    takeoverGuardMs?: number;
    /** The soft descriptor limit to size the connection cap by (default: read from /proc/self/limits; tests). */
    openFilesLimit?: number | null;
  };

/** Defaults of the identity settings (config/env.ts documents them; tests may leave them out). */
export const GATEWAY_IDENTITY_DEFAULTS = {
  loginTimeoutS: 60,
  maxConnectionsPerAddress: 200,
  takeoverGuardS: 300,
  unknownFrames: 10,
} as const;

export interface GatewayDeps {
  database: Database;
  bus?: Bus | undefined;
  config: GatewayConfig;
  log?: GatewayLog;
  clock?: () => number;
  /** Protocols to listen for (default all three). */
  protocols?: readonly Protocol[];
  /** Codec per protocol (default: @civicfleet/protocols createCodecs on the gateway clock). */
  codecs?: Partial<Record<Protocol, Codec>>;
  /** Stages inserted after alarms (derive: state intervals, daily stats, geofence visits). */
  deriveStages?: readonly IngestStage[];
  /** Tables those stages write (see BatchTable). */
  tables?: readonly BatchTable<unknown>[];
  writerHooks?: WriterHooks;
  /** AIS-140 emergency packets to the organisations' emergency backends (modules/forwarding/emergency.ts). */
  emergency?: EmergencyForwarder | undefined;
  /** Prometheus metrics (observability/metrics.ts): connections, packets, flushes, lag; default none. */
  metrics?: Metrics | undefined;
}

export interface Gateway {
  ports: Partial<Record<Protocol, number>>;
  registry: ConnectionRegistry;
  writer: IngestWriter;
  directory: DeviceDirectory;
  readonly connections: number;
  stop(): Promise<void>;
}

const silentLog: GatewayLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function startGateway(deps: GatewayDeps): Promise<Gateway> {
  const { config } = deps;
  const log = deps.log ?? silentLog;
  const clock = deps.clock ?? Date.now;
  const sql = sqlClientOf(deps.database);
  const stages = createStages({ derive: deps.deriveStages ?? [] });
  // Every stage with per-device state (driver tag, derive) restores it when a device loads.
  const directory = createDeviceDirectory(
    sql,
    stages.filter((stage) => stage.load),
  );
  const registry = createConnectionRegistry();
  // A device linked, unlinked or edited in the console: its record and links are re-read at its next frame.
  const unsubscribeDevices = deps.bus?.subscribe<DevicesChangedMessage>(TOPICS.devices, (message) => {
    const ids = (message.deviceIds ?? []).filter((id) => /^\d{1,19}$/.test(id)).map((id) => BigInt(id));
    directory.refresh(ids);
  });
  // Devices whose batches failed during a database outage: their state is reloaded when the database is back.
  const staleDuringOutage = new Set<bigint>();
  const stopWatchingOutage = deps.database.health?.onChange((down) => {
    if (down || staleDuringOutage.size === 0) return;
    directory.invalidate([...staleDuringOutage]);
    staleDuringOutage.clear();
  });
  const writer = createIngestWriter({
    sql,
    bus: deps.bus,
    flushMs: config.flushMs,
    batchRows: config.batchRows,
    ...(config.livePositions ? { livePositions: config.livePositions } : {}),
    clock,
    // The identity conflicts' device columns and audit rows go in the batch holding their alert.
    tables: [...(deps.tables ?? []), identityConflictTable as BatchTable<unknown>],
    ...(deps.writerHooks ? { hooks: deps.writerHooks } : {}),
    metrics: deps.metrics?.ingest,
    onFlushError(error, batch) {
      const devices = [...batch.latest.keys()];
      if (isUnreachable(error) && deps.database.health) {
        // The database is away (logged once per outage by db/outage.ts): acks are withheld and the connections stay
        // open; the devices' in-memory state is reloaded once the database is back (loading it now would fail and
        // drop the connection).
        log.debug?.(
          { positions: batch.positionCount },
          'ingest batch failed: database unreachable; acks withheld',
        );
        for (const device of devices) staleDuringOutage.add(device);
        if (!deps.database.health.down) deps.database.health.lost(error);
        return;
      }
      log.error({ err: error, positions: batch.positionCount }, 'ingest batch failed; acks withheld');
      // The in-memory state ran ahead of what is stored: reload it from the database.
      directory.invalidate(devices);
    },
  });
  const commands = createCommandDelivery({ db: deps.database.db, registry, bus: deps.bus, clock, log });
  const identity = createIdentityGuard({
    writer,
    clock,
    log,
    guardMs:
      config.takeoverGuardMs ?? (config.takeoverGuardS ?? GATEWAY_IDENTITY_DEFAULTS.takeoverGuardS) * 1000,
  });
  const unknownFrames = config.unknownFrames ?? GATEWAY_IDENTITY_DEFAULTS.unknownFrames;
  const unidentified = createUnidentifiedBudget({ framesPerKey: unknownFrames, clock });
  const loginTimeoutMs =
    config.loginTimeoutMs ?? (config.loginTimeoutS ?? GATEWAY_IDENTITY_DEFAULTS.loginTimeoutS) * 1000;
  const perAddressCap = config.maxConnectionsPerAddress ?? GATEWAY_IDENTITY_DEFAULTS.maxConnectionsPerAddress;
  const softLimit = config.openFilesLimit === undefined ? openFilesSoftLimit() : config.openFilesLimit;
  const cap = connectionCap(config.maxConnections, softLimit);
  if (cap < config.maxConnections)
    log.warn(
      { configured: config.maxConnections, openFilesLimit: softLimit, cap },
      'gateway connection cap lowered to the descriptor limit (raise LimitNOFILE / ulimit -n)',
    );
  /** Open device connections per source address (GATEWAY_MAX_CONNECTIONS_PER_ADDRESS). */
  const perAddress = new Map<string, number>();
  const open = new Set<DeviceConnection>();
  const servers: net.Server[] = [];
  const ports: Partial<Record<Protocol, number>> = {};
  // Replies that carry the time (AIS-140 `$LGN<time>*`, GT06 0x8A) read the gateway's clock.
  const clockedCodecs = createCodecs(clock);

  try {
    for (const protocol of deps.protocols ?? PROTOCOLS) {
      const codec = deps.codecs?.[protocol] ?? clockedCodecs[protocol];
      const server = net.createServer((socket) => {
        const address = plainAddress(socket.remoteAddress ?? '?');
        const fromAddress = perAddress.get(address) ?? 0;
        // Every listener counts against one cap: the descriptors are the process's, not the listener's.
        const refusal =
          open.size >= cap ? 'connection-cap' : fromAddress >= perAddressCap ? 'address-cap' : null;
        if (refusal) {
          deps.metrics?.gateway.connectionRefused(protocol, refusal);
          socket.destroy();
          return;
        }
        perAddress.set(address, fromAddress + 1);
        const connection = openDeviceConnection(socket, codec, {
          writer,
          directory,
          registry,
          stages,
          clock,
          idleTimeoutMs: config.idleTimeoutMs ?? config.idleTimeoutS * 1000,
          maxPendingFrames: config.maxPendingFrames ?? 1000,
          log,
          commands,
          onMessage: deps.emergency ? (ctx, frame) => deps.emergency?.offer(ctx, frame, sql) : undefined,
          metrics: deps.metrics?.gateway,
          identity,
          unidentified,
          loginTimeoutMs,
          maxUnidentifiedFrames: unknownFrames,
        });
        open.add(connection);
        deps.metrics?.gateway.connectionOpened(protocol);
        void connection.closed.then(() => {
          const left = (perAddress.get(address) ?? 1) - 1;
          if (left > 0) perAddress.set(address, left);
          else perAddress.delete(address);
          open.delete(connection);
          deps.metrics?.gateway.connectionClosed(protocol);
        });
      });
      server.maxConnections = cap;
      server.on('error', (error) => log.error({ err: error, protocol }, 'gateway listener error'));
      ports[protocol] = await listen(server, config.ports[protocol], config.host);
      servers.push(server);
      log.info({ protocol, port: ports[protocol] }, 'gateway listening');
    }
  } catch (error) {
    // A port in use: close the listeners already opened before failing.
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    commands.stop();
    await writer.close();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  return {
    ports,
    registry,
    writer,
    directory,
    get connections() {
      return open.size;
    },
    stop() {
      stopping ??= (async () => {
        stopWatchingOutage?.();
        commands.stop();
        unsubscribeDevices?.();
        const closedServers = servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
        const connections = [...open];
        await Promise.all(connections.map((c) => c.quiesce()));
        await writer.close();
        // Re-derivations started by the last commits (late fixes) finish before the database goes away.
        await Promise.all((deps.deriveStages ?? []).map((stage) => stage.idle?.()));
        await deps.emergency?.idle();
        await Promise.all(connections.map((c) => c.repliesSent()));
        for (const c of connections) c.end();
        await Promise.race([
          Promise.all(connections.map((c) => c.closed)),
          new Promise((resolve) => setTimeout(resolve, 2000).unref()),
        ]);
        for (const c of connections) c.close('gateway stopped');
        await Promise.all(closedServers);
      })();
      return stopping;
    },
  };
}

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
