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
import type { AddressPolicy } from './address-guard.ts';
import type { ForwardingMetrics } from '../../observability/metrics.ts';
import { createEmergencyForwarder, type EmergencyForwarder, type EmergencyLog } from './emergency.ts';
import { alertPayloadOf, forwardQueueTable, forwardRowsFor } from './enqueue.ts';
import type { AlertPayload, PositionPayload } from './payload.ts';
import {
  createForwardTargetCache,
  subscribeForwardTargets,
  type ForwardTargetCache,
} from './target-cache.ts';

export { forwardQueueTable, type ForwardRow } from './enqueue.ts';

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
        if (event) alerts.push(alertPayloadOf(event, device.imei));
      }
      for (const row of forwardRowsFor(targets, positionPayload, alerts)) batch.add(forwardQueueTable, row);
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
  options: {
    clock?: () => number;
    addresses?: AddressPolicy;
    /** Where emergency forwarding failures are logged and counted. */
    log?: EmergencyLog;
    metrics?: ForwardingMetrics;
  } = {},
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
 * `startGateway({ …, ...withForwarding(deriveWiring(context), bus, addresses, { log, metrics: metrics.forwarding }) })`.
 */
export function withForwarding<
  W extends { deriveStages: readonly IngestStage[]; tables: readonly BatchTable<unknown>[] },
>(
  wiring: W,
  bus: Bus | undefined,
  addresses?: AddressPolicy,
  observe: { log?: EmergencyLog; metrics?: ForwardingMetrics } = {},
): W & { emergency: EmergencyForwarder } {
  const forwarding = forwardingWiring(bus, { ...(addresses ? { addresses } : {}), ...observe });
  return {
    ...wiring,
    deriveStages: [...wiring.deriveStages, forwarding.stage],
    tables: [...wiring.tables, forwarding.table],
    emergency: forwarding.emergency,
  };
}
