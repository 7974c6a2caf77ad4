/**
 * The derive stage through the real pipeline, writer and device directory into a real database, without sockets (so
 * the order of batches is exact): what golden tests of derived rows drive (gateway/derive.gateway.test.ts, the SWM
 * disposal trips).
 */
import { emptyMessage, type Alarm, type NormalisedMessage } from '@civicfleet/protocols';
import type { TestDatabase } from '../../../test/helpers.ts';
import type { DerivePoint } from '../../derive/index.ts';
import { createDeviceDirectory } from '../device-directory.ts';
import { staticDeriveContext, type DeriveContextProvider } from '../ingest/derive-context.ts';
import { deriveWiring, type DeriveStage } from '../ingest/derive-stage.ts';
import { createStages, runPipeline } from '../ingest/pipeline.ts';
import { sqlClientOf } from '../ingest/sql-client.ts';
import { createIngestWriter, type IngestWriter } from '../ingest/writer.ts';

export interface Harness {
  stage: DeriveStage;
  /** One batch: the messages in order, committed, then (unless `settle: false`) every re-derivation scheduled. */
  send(
    imei: string,
    messages: ReadonlyArray<{ message: NormalisedMessage; serverAt: Date }>,
    options?: { settle?: boolean },
  ): Promise<void>;
  close(): Promise<void>;
}

export function harness(test: TestDatabase, context: DeriveContextProvider = staticDeriveContext()): Harness {
  const client = sqlClientOf(test.database);
  const wiring = deriveWiring(context);
  const [stage] = wiring.deriveStages;
  if (!stage) throw new Error('no derive stage');
  const stages = createStages({ derive: wiring.deriveStages });
  const writer: IngestWriter = createIngestWriter({
    sql: client,
    flushMs: 60_000,
    batchRows: 1_000_000,
    tables: wiring.tables,
  });
  const directory = createDeviceDirectory(client, wiring.deriveStages);
  return {
    stage,
    async send(imei, messages, options = {}) {
      const state = directory.peek(imei, Date.now()) ?? (await directory.load(imei, Date.now()));
      if (!state) throw new Error(`unknown ${imei}`);
      writer.write((batch) => {
        for (const { message, serverAt } of messages) runPipeline(stages, state, message, serverAt, batch);
      });
      await writer.drain();
      if (options.settle !== false) await stage.idle();
    },
    close: () => writer.close(),
  };
}

export function messageOf(
  imei: string,
  point: DerivePoint,
  extra: { history?: boolean; alarms?: Alarm[] } = {},
): NormalisedMessage {
  return {
    ...emptyMessage('ais140', 'position', imei),
    fixTime: point.fixTime.toISOString(),
    lat: point.lat,
    lon: point.lon,
    speedKph: point.speedKph,
    ignition: point.ignition,
    gpsValid: point.gpsValid,
    mainPower: point.mainPower,
    history: extra.history ?? false,
    alarms: extra.alarms ?? [],
    kind: extra.alarms?.length ? 'alarm' : 'position',
  };
}

/** Live: received 2 s after the fix. */
export const live = (imei: string, points: readonly DerivePoint[]) =>
  points.map((point) => ({
    message: messageOf(imei, point),
    serverAt: new Date(point.fixTime.getTime() + 2000),
  }));
