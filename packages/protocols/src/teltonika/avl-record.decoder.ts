/**
 * AVL records of Codec 8, 8 Extended and 16 (Teltonika wiki "Teltonika Data Sending Protocols"). Shared by the TCP
 * packet and the UDP datagram decoders; both hand over a reader positioned on the first record.
 *
 * Record: timestamp (8, ms since epoch UTC) · priority (1) · longitude (4, signed ×1e-7) · latitude (4) ·
 * altitude (2, signed m) · angle (2) · satellites (1) · speed (2, km/h) · IO element.
 * IO element widths differ per codec:
 *   Codec 8:  event id 1 · total 1 · N1 1 + [id 1, value 1]… · N2 · N4 · N8 (counts 1, ids 1)
 *   Codec 8E: event id 2 · total 2 · N1 2 + [id 2, value 1]… · N2 · N4 · N8 · NX 2 + [id 2, length 2, value]…
 *   Codec 16: event id 2 · generation type 1 · total 1 · N1 1 + [id 2, value 1]… · N2 · N4 · N8
 */
import * as mbyte_reader from '../core/byte-reader.ts';
import * as mprotocol from './protocol.ts';

// Imported bindings read once (a getter call per use under tsx/esbuild).
const { ByteReader, TruncatedError } = mbyte_reader;
type ByteReader = InstanceType<typeof ByteReader>;
const { CODEC_16, CODEC_8, CODEC_8E } = mprotocol;
type TruncatedError = InstanceType<typeof TruncatedError>;

export interface IoElement {
  id: number;
  /** Raw big-endian value bytes (a view into the frame). */
  value: Uint8Array;
  /** True for Codec 8E NX elements: the value is an opaque byte string, not an integer. */
  isVariable: boolean;
}

export interface AvlRecord {
  timestampMs: number;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  longitudeE7: number;
  latitudeE7: number;
  altitudeM: number;
  angleDeg: number;
  satellites: number;
  speedKph: number;
  /** AVL id of the IO element that triggered the record; 0 for periodic records. */
  eventIoId: number;
  /** Codec 16 only: 0 on exit, 1 on entrance, 2 on both, 4 hysteresis, 5 on change, 6 eventual, 7 periodical. */
  generationType: number | null;
  elements: IoElement[];
}

const FIXED_WIDTHS = [1, 2, 4, 8] as const;

export interface AvlRecordsRead {
  /** Every record read, up to the first one that could not be read. */
  records: AvlRecord[];
  /** Why reading stopped early (e.g. "truncated: record 2 io 66"); null when all `count` records were read. */
  error: string | null;
}

/**
 * `fm6-extended`: FM6xxx firmwares with the "extended" IO protocol add, after the N8 group of a Codec 8 record, an
 * N16 group: count(1) + [id(1), value(16)]… (values kept as hex). Read as plain Codec 8 such a packet leaves bytes
 * over and turns every record after the first into garbage (1970 times, latitude 105°, 4 608 km/h).
 */
export type RecordLayout = 'standard' | 'fm6-extended';

export function readAvlRecords(
  reader: ByteReader,
  codec: number,
  count: number,
  layout: RecordLayout = 'standard',
): AvlRecordsRead {
  const records: AvlRecord[] = [];
  try {
    for (let index = 0; index < count; index++) records.push(readRecord(reader, codec, layout));
    return { records, error: null };
  } catch (error) {
    // Field names are static strings (no template per read on the hot path); the record number is added here.
    const message =
      error instanceof TruncatedError
        ? `truncated: record ${records.length + 1} ${error.field}`
        : error instanceof Error
          ? error.message
          : String(error);
    return { records, error: message };
  }
}

function readRecord(reader: ByteReader, codec: number, layout: RecordLayout): AvlRecord {
  const timestampMs = reader.u64Number('timestamp');
  const priority = reader.u8('priority');
  const longitudeE7 = reader.i32('longitude');
  const latitudeE7 = reader.i32('latitude');
  const altitudeM = reader.i16('altitude');
  const angleDeg = reader.u16('angle');
  const satellites = reader.u8('satellites');
  const speedKph = reader.u16('speed');

  const isExtended = codec === CODEC_8E;
  const hasWideIds = codec === CODEC_8E || codec === CODEC_16;

  const eventIoId = hasWideIds ? reader.u16('event io id') : reader.u8('event io id');
  const generationType = codec === CODEC_16 ? reader.u8('generation type') : null;
  // Total IO count: redundant with the per-width counts, which are what the layout depends on.
  if (isExtended) reader.u16('io count');
  else reader.u8('io count');

  const elements: IoElement[] = [];
  for (const width of FIXED_WIDTHS) {
    const n = isExtended ? reader.u16('io count') : reader.u8('io count');
    for (let i = 0; i < n; i++) {
      const id = hasWideIds ? reader.u16('io id') : reader.u8('io id');
      elements.push({ id, value: reader.bytes(width, 'io value'), isVariable: false });
    }
  }
  if (layout === 'fm6-extended') {
    const n = reader.u8('N16 count');
    for (let i = 0; i < n; i++) {
      const id = reader.u8('N16 id');
      elements.push({ id, value: reader.bytes(16, 'N16 value'), isVariable: true });
    }
  }
  if (isExtended) {
    const n = reader.u16('NX count');
    for (let i = 0; i < n; i++) {
      const id = reader.u16('NX id');
      const length = reader.u16('NX length');
      elements.push({ id, value: reader.bytes(length, 'NX value'), isVariable: true });
    }
  }

  return {
    timestampMs,
    priority,
    longitudeE7,
    latitudeE7,
    altitudeM,
    angleDeg,
    satellites,
    speedKph,
    eventIoId,
    generationType,
    elements,
  };
}

/**
 * Records of a Codec 8 packet in whichever layout reads it exactly: the standard one, else FM6xxx extended (see
 * RecordLayout). `bodyEnd` is where the records must end (before number of data 2).
 */
export function readAvlRecordsAnyLayout(
  source: Uint8Array,
  start: number,
  bodyEnd: number,
  codec: number,
  count: number,
): AvlRecordsRead & { layout: RecordLayout; reader: ByteReader } {
  const reader = new ByteReader(source, start, bodyEnd);
  const standard = readAvlRecords(reader, codec, count);
  if (codec !== CODEC_8 || (standard.error === null && reader.remaining === 0)) {
    return { records: standard.records, error: standard.error, layout: 'standard', reader };
  }
  const extendedReader = new ByteReader(source, start, bodyEnd);
  const extended = readAvlRecords(extendedReader, codec, count, 'fm6-extended');
  if (extended.error === null && extendedReader.remaining === 0) {
    return { records: extended.records, error: null, layout: 'fm6-extended', reader: extendedReader };
  }
  return { records: standard.records, error: standard.error, layout: 'standard', reader };
}
