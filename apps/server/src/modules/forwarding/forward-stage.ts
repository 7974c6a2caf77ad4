/**
 * The ingest side of forwarding (docs/forwarding.md): an ingest stage that queues, for each enabled webhook target
 * of the data's organisation (or an ancestor), the stored position and the alerts the message raised, as
 * `forward_queue` rows written IN the batch's transaction (outbox: a committed position is queued, a failed batch
 * queues nothing). And the emergency forwarder for AIS-140 emergency packets (emergency.ts), which the gateway calls
 * per decoded message with the frame's bytes. `withForwarding` adds both to what startGateway takes.
 */
import type { Bus } from '../../bus/bus.ts';
import type { BatchTable, Batch } from '../../gateway/ingest/batch.ts';
import type { IngestStage } from '../../gateway/ingest/pipeline.ts';
import { json, unnestInsert, unnestStatements, type Column } from '../../gateway/ingest/sql-values.ts';
import type { AddressPolicy } from './address-guard.ts';
import { createEmergencyForwarder, type EmergencyForwarder } from './emergency.ts';
import type { AlertPayload, PositionPayload, QueuedPayload } from './payload.ts';
import {
  createForwardTargetCache,
  subscribeForwardTargets,
  type ForwardTargetCache,
} from './target-cache.ts';

export interface ForwardRow {
  targetId: bigint;
  kind: QueuedPayload['type'];
  payload: QueuedPayload;
}

const COLUMNS: readonly Column<ForwardRow>[] = [
  ['target_id', 'bigint', 'number', (r) => r.targetId],
  ['kind', 'text', 'text', (r) => r.kind],
  ['payload', 'jsonb', 'text', (r) => json(r.payload)],
];
const INSERT = unnestInsert('forward_queue', COLUMNS);

export const forwardQueueTable: BatchTable<ForwardRow> = {
  name: 'forward_queue',
  statements: (rows) => unnestStatements(INSERT, COLUMNS, rows),
};

const iso = (date: Date) => date.toISOString();

export function createForwardStage(cache: ForwardTargetCache): IngestStage {
  /** Per batch: how many of its newEvents earlier messages already looked at (the rest are this message's). */
  const seenEvents = new WeakMap<Batch, number>();
  return {
    name: 'forward',
    async load(db, state) {
      const organisations = new Set([
        state.device.organisationId,
        ...state.links.map((l) => l.organisationId),
      ]);
      await Promise.all([...organisations].map((id) => cache.load(db, id)));
    },
    process(ctx) {
      const { batch } = ctx;
      const from = seenEvents.get(batch) ?? 0;
      seenEvents.set(batch, batch.newEvents.length);
      const targets = cache.get(ctx.organisationId);
      if (targets.length === 0) return;
      const { device } = ctx.state;
      const position = ctx.position;
      let positionPayload: PositionPayload | null = null;
      if (position) {
        positionPayload = {
          type: 'position',
          deviceId: String(device.id),
          imei: device.imei,
          vehicleId: position.vehicleId === null ? null : String(position.vehicleId),
          fixTime: iso(position.fixedAt),
          serverTime: iso(position.serverAt),
          lat: position.lat,
          lon: position.lon,
          speedKph: position.speedKph,
          headingDeg: position.headingDeg,
          altitudeM: position.altitudeM,
          satellites: position.satellites,
          gpsValid: position.gpsValid,
          ignition: position.ignition,
          mainPower: position.mainPower,
          alarms: [...ctx.message.alarms],
          history: position.history,
        };
      }
      const alerts: AlertPayload[] = [];
      for (let i = from; i < batch.newEvents.length; i++) {
        const event = batch.newEvents[i];
        if (!event) continue;
        alerts.push({
          type: 'alert',
          alertType: event.type,
          deviceId: String(event.deviceId),
          imei: device.imei,
          vehicleId: event.vehicleId === null ? null : String(event.vehicleId),
          time: iso(event.startedAt),
          lat: event.lat,
          lon: event.lon,
          late: event.late,
        });
      }
      for (const target of targets) {
        if (target.kind !== 'webhook') continue;
        if (positionPayload && target.sendPositions)
          batch.add(forwardQueueTable, { targetId: target.id, kind: 'position', payload: positionPayload });
        if (!target.sendAlerts) continue;
        for (const alert of alerts)
          if (!target.eventTypes || target.eventTypes.has(alert.alertType))
            batch.add(forwardQueueTable, { targetId: target.id, kind: 'alert', payload: alert });
      }
    },
  };
}

export interface ForwardingWiring {
  cache: ForwardTargetCache;
  stage: IngestStage;
  table: BatchTable<unknown>;
  emergency: EmergencyForwarder;
}

/** The cache (kept fresh over `bus`), the stage, its table and the emergency forwarder. */
export function forwardingWiring(
  bus: Bus | undefined,
  options: { clock?: () => number; addresses?: AddressPolicy } = {},
): ForwardingWiring {
  const cache = createForwardTargetCache(options.clock ? { clock: options.clock } : {});
  if (bus) subscribeForwardTargets(bus, cache);
  return {
    cache,
    stage: createForwardStage(cache),
    table: forwardQueueTable as BatchTable<unknown>,
    emergency: createEmergencyForwarder({ cache, ...options }),
  };
}

/**
 * What startGateway takes, with forwarding added to the derive wiring:
 * `startGateway({ …, ...withForwarding(deriveWiring(context), bus) })`.
 */
export function withForwarding<
  W extends { deriveStages: readonly IngestStage[]; tables: readonly BatchTable<unknown>[] },
>(wiring: W, bus: Bus | undefined, addresses?: AddressPolicy): W & { emergency: EmergencyForwarder } {
  const forwarding = forwardingWiring(bus, addresses ? { addresses } : {});
  return {
    ...wiring,
    deriveStages: [...wiring.deriveStages, forwarding.stage],
    tables: [...wiring.tables, forwarding.table],
    emergency: forwarding.emergency,
  };
}
