/** Turns one decoded AVL record into the normalised message (field mapping documented in README.md). */
import * as mmessage from '../core/message.ts';
import type { Alarm, NormalisedMessage } from '../core/message.ts';
import type { AvlRecord, IoElement, RecordLayout } from './avl-record.decoder.ts';
import * as mio_elements from './io-elements.ts';
import * as mprotocol from './protocol.ts';
import * as msensors from './sensors.ts';

// Imported bindings read once (a getter call per use under tsx/esbuild).
const { emptyMessage } = mmessage;
const {
  GNSS_STATUS_FIX,
  IO_BATTERY_VOLTAGE,
  IO_DIN1,
  IO_DIN2,
  IO_DIN3,
  IO_DOUT1,
  IO_DOUT2,
  IO_EXTERNAL_VOLTAGE,
  IO_GNSS_STATUS,
  IO_GSM_SIGNAL,
  IO_HDOP,
  IO_IBUTTON,
  IO_IGNITION,
  IO_MOVEMENT,
  IO_PDOP,
  IO_TOTAL_ODOMETER,
  IO_TRIP_ODOMETER,
  IO_UNPLUG,
  MAIN_POWER_MIN_V,
  eventAlarms,
  gsmBarsToCsq,
  iButtonId,
  ioValue,
} = mio_elements;
const { PRIORITY_PANIC } = mprotocol;
const { applySensorIo, isSensorId } = msensors;

export interface RecordContext {
  imei: string | null;
  /** '8', '8E' or '16'. */
  codecName: string;
  checksumOk: boolean | null;
  /** Record layout the packet was read with (`fm6-extended` → `io.ioLayout`). */
  layout?: RecordLayout;
}

/** Largest time a JavaScript Date can hold (±100 000 000 days from the epoch). */
const MAX_DATE_MS = 8.64e15;
const COORDINATE_SCALE = 1e7;

/** `io<ID>` keys, built once per id (ids are ≤ 65535): a template string per element showed in profiles. */
const IO_KEYS: string[] = [];
function ioKey(id: number): string {
  return (IO_KEYS[id] ??= `io${id}`);
}

export function recordToMessage(record: AvlRecord, context: RecordContext): NormalisedMessage {
  const message = emptyMessage('teltonika', 'position', context.imei);
  const io = message.io;
  io.codec = context.codecName;
  io.priority = record.priority;
  io.eventIoId = record.eventIoId;
  if (context.layout === 'fm6-extended') io.ioLayout = 'fm6-extended';
  if (record.generationType !== null) io.generationType = record.generationType;

  // Numeric values by id, for the well-known mappings below; the last element wins if a device repeats an id.
  const numbers = new Map<number, number>();
  let iButton: IoElement | null = null;
  let hasSensor = false;
  for (const element of record.elements) {
    const value = ioValue(element);
    io[ioKey(element.id)] = value;
    if (typeof value === 'number') numbers.set(element.id, value);
    if (element.id === IO_IBUTTON && !element.isVariable) iButton = element;
    if (isSensorId(element.id)) hasSensor = true;
  }

  message.fixTime = record.timestampMs <= MAX_DATE_MS ? new Date(record.timestampMs).toISOString() : null;
  message.lat = record.latitudeE7 / COORDINATE_SCALE;
  message.lon = record.longitudeE7 / COORDINATE_SCALE;
  message.altitudeM = record.altitudeM;
  message.headingDeg = record.angleDeg;
  message.satellites = record.satellites;
  message.speedKph = record.speedKph;
  // Without a fix the device repeats the last known coordinates and sends 0 satellites and 0 speed.
  const gnssStatus = numbers.get(IO_GNSS_STATUS);
  message.gpsValid =
    record.satellites > 0 &&
    message.fixTime !== null &&
    !(record.latitudeE7 === 0 && record.longitudeE7 === 0) &&
    (gnssStatus === undefined || gnssStatus === GNSS_STATUS_FIX);

  const ignition = numbers.get(IO_IGNITION);
  if (ignition !== undefined) message.ignition = ignition > 0;
  const movement = numbers.get(IO_MOVEMENT);
  if (movement !== undefined) io.movement = movement > 0;
  for (const [id, key] of [
    [IO_DIN1, 'din1'],
    [IO_DIN2, 'din2'],
    [IO_DIN3, 'din3'],
    [IO_DOUT1, 'dout1'],
    [IO_DOUT2, 'dout2'],
  ] as const) {
    const value = numbers.get(id);
    if (value !== undefined) io[key] = value > 0;
  }

  const externalMv = numbers.get(IO_EXTERNAL_VOLTAGE);
  if (externalMv !== undefined) {
    message.mainVoltageV = externalMv / 1000;
    message.mainPower = message.mainVoltageV > MAIN_POWER_MIN_V;
  }
  // The device's own unplug verdict (0 battery present, 1 unplugged) beats our voltage threshold.
  const unplug = numbers.get(IO_UNPLUG);
  if (unplug !== undefined) message.mainPower = unplug === 0;
  const batteryMv = numbers.get(IO_BATTERY_VOLTAGE);
  if (batteryMv !== undefined) message.batteryVoltageV = batteryMv / 1000;

  const gsmBars = numbers.get(IO_GSM_SIGNAL);
  if (gsmBars !== undefined) message.gsmSignal = gsmBarsToCsq(gsmBars);
  const odometerM = numbers.get(IO_TOTAL_ODOMETER);
  if (odometerM !== undefined) message.odometerM = odometerM;
  const tripOdometerM = numbers.get(IO_TRIP_ODOMETER);
  if (tripOdometerM !== undefined) io.tripOdometerM = tripOdometerM;

  // HDOP when sent; PDOP (never smaller than HDOP) is the conservative stand-in when only it is enabled.
  const pdop = numbers.get(IO_PDOP);
  if (pdop !== undefined) io.pdop = pdop / 10;
  const hdop = numbers.get(IO_HDOP) ?? pdop;
  if (hdop !== undefined) message.hdop = hdop / 10;

  if (iButton !== null) io.driverId = iButtonId(iButton);
  if (hasSensor) applySensorIo(numbers, message);

  const alarms: Alarm[] = [];
  if (record.priority === PRIORITY_PANIC) alarms.push('sos');
  for (const alarm of eventAlarms(record.eventIoId, numbers.get(record.eventIoId) ?? null)) {
    if (!alarms.includes(alarm)) alarms.push(alarm);
  }
  message.alarms = alarms;
  if (alarms.length > 0) message.kind = 'alarm';
  message.checksumOk = context.checksumOk;
  return message;
}
