/** Devices, read side: scoped to the caller's organisation subtree (404 outside it). */
import type { Device, DeviceListQuery, ListPage, ListQuery, UnknownDevice } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { toId } from '../organisation/scope.ts';
import * as repo from './device.repository.ts';

type Row = Awaited<ReturnType<typeof repo.listDevices>>['items'][number];

export function toDevice(row: Row): Device {
  return {
    id: String(row.id),
    imei: row.imei,
    iccid: row.iccid,
    sim1: row.sim1,
    sim2: row.sim2,
    eSimProvider: row.esimProvider,
    status: row.status,
    model: row.model,
    organisation: {
      id: String(row.organisation.id),
      tradeName: row.organisation.tradeName,
      brandName: row.organisation.brandName,
    },
    panicButtonCount: row.panicButtonCount,
    firmware: row.firmware,
    protocol: row.protocol,
    strictChecksum: row.strictChecksum,
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    vehicle:
      row.vehicleId === null || row.registrationNumber === null
        ? null
        : { id: String(row.vehicleId), registrationNumber: row.registrationNumber },
  };
}

export function createDeviceService({ db }: { db: Db }) {
  return {
    async list(auth: AuthContext, query: DeviceListQuery): Promise<ListPage<Device>> {
      const page = await repo.listDevices(
        db,
        {
          orgIds: auth.orgIds,
          status: query.status,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
        },
        query,
      );
      return mapPage(page, toDevice);
    },

    async get(auth: AuthContext, id: bigint): Promise<Device> {
      const row = await repo.findDevice(db, id, auth.orgIds);
      if (!row) throw new NotFoundError('Device not found.');
      return toDevice(row);
    },

    async unknown(query: ListQuery): Promise<ListPage<UnknownDevice>> {
      const page = await repo.listUnknownDevices(db, query);
      return mapPage(page, (r) => ({
        imei: r.imei,
        protocol: r.protocol,
        firstSeenAt: r.firstSeenAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        packets: r.packets,
        remoteAddr: r.remoteAddr,
      }));
    },
  };
}
