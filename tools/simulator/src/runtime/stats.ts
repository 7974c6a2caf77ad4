/** The simulator's running totals, for the CLI summary line and the server's demo page. */
import type { DeviceProtocol } from '../fleet/types.ts';
import type { DeviceConnection } from '../transport/device-connection.ts';

export interface SimulatorStats {
  vehicles: number;
  connected: number;
  /** Frames written to the gateway (logins, data, heartbeats, command replies). */
  packetsSent: number;
  /** Position and alarm records inside those frames. */
  recordsSent: number;
  bytesSent: number;
  acks: number;
  reconnects: number;
  /** Records sent again after a reconnect or a count mismatch. */
  resent: number;
  /** Records waiting (offline buffer, queue, awaiting ack). */
  pending: number;
  commands: number;
  dropped: number;
  /** Simulated clock, ISO-8601 UTC. */
  simTime: string;
  byProtocol: Record<
    DeviceProtocol,
    { vehicles: number; connected: number; packetsSent: number; acks: number }
  >;
}

export function summarise(connections: readonly DeviceConnection[], simNowMs: number): SimulatorStats {
  const stats: SimulatorStats = {
    vehicles: connections.length,
    connected: 0,
    packetsSent: 0,
    recordsSent: 0,
    bytesSent: 0,
    acks: 0,
    reconnects: 0,
    resent: 0,
    pending: 0,
    commands: 0,
    dropped: 0,
    simTime: new Date(simNowMs).toISOString(),
    byProtocol: {
      ais140: { vehicles: 0, connected: 0, packetsSent: 0, acks: 0 },
      gt06: { vehicles: 0, connected: 0, packetsSent: 0, acks: 0 },
      teltonika: { vehicles: 0, connected: 0, packetsSent: 0, acks: 0 },
    },
  };
  for (const connection of connections) {
    const { session } = connection;
    const s = session.stats;
    const isConnected = connection.isConnected ? 1 : 0;
    stats.connected += isConnected;
    stats.packetsSent += s.framesSent;
    stats.recordsSent += s.recordsSent;
    stats.bytesSent += s.bytesSent;
    stats.acks += s.acks;
    stats.reconnects += connection.reconnects;
    stats.resent += s.resent;
    stats.pending += session.pendingRecords();
    stats.commands += s.commands;
    stats.dropped += s.dropped;
    const perProtocol = stats.byProtocol[session.protocol];
    perProtocol.vehicles++;
    perProtocol.connected += isConnected;
    perProtocol.packetsSent += s.framesSent;
    perProtocol.acks += s.acks;
  }
  return stats;
}

export function formatSummary(stats: SimulatorStats): string {
  return (
    `${stats.simTime.slice(0, 19)}Z connected ${stats.connected}/${stats.vehicles} · sent ${stats.packetsSent} ` +
    `(${stats.recordsSent} records, ${(stats.bytesSent / 1024).toFixed(0)} KiB) · acks ${stats.acks} · ` +
    `reconnects ${stats.reconnects} · resent ${stats.resent} · pending ${stats.pending}`
  );
}
