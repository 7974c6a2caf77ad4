/** Raw logs: what devices sent, for support staff (spec 01 §7 "raw-logs"). */
import type { ListPage, RawLog, RawLogQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { decodeFrame } from './raw-log.decode.ts';
import * as repo from './raw-log.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const MAX_RANGE_MS = 31 * DAY_MS;

/** Printable ASCII as is, anything else as '.': AIS-140 frames read as text, binary ones still line up with hex. */
export function printable(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
  return out;
}

export function createRawLogService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(auth: AuthContext, query: RawLogQuery): Promise<ListPage<RawLog>> {
      const to = query.to ?? clock();
      const from = query.from ?? new Date(to.getTime() - DAY_MS);
      if (from >= to)
        throw new BadRequestError('The start must be before the end.', { from: 'Must be before to' });
      if (to.getTime() - from.getTime() > MAX_RANGE_MS) {
        throw new BadRequestError('Choose at most 31 days.', { from: 'At most 31 days before to' });
      }
      const page = await repo.listRawLogs(db, { orgIds: auth.orgIds, imei: query.imei, from, to }, query);
      return mapPage(page, toRawLog);
    },
  };
}

type RawLogRow = Awaited<ReturnType<typeof repo.listRawLogs>>['items'][number];

/** A stored frame on the wire: hex, printable text and the decoded messages. */
export function toRawLog(r: RawLogRow): RawLog {
  return {
    id: String(r.id),
    receivedAt: r.receivedAt.toISOString(),
    imei: r.imei,
    deviceId: r.deviceId === null ? null : String(r.deviceId),
    protocol: r.protocol,
    remoteAddr: r.remoteAddr,
    length: r.bytes.length,
    hex: r.bytes.toString('hex'),
    text: printable(r.bytes),
    decodeError: r.decodeError,
    checksumOk: r.checksumOk,
    decoded: decodeFrame(r.protocol, r.bytes, r.imei),
  };
}
