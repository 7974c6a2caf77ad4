/**
 * Devices: list/read scoped to the caller's organisation subtree (404 outside it), create/edit/delete with a unique
 * IMEI, and the device details page. Lifecycle changes (allocate, rollback, status, firmware) are in
 * device-lifecycle.service.ts. Every change is audited.
 */
import { TOPICS, type Bus, type DevicesChangedMessage } from '../../bus/bus.ts';
import type {
  Device,
  DeviceDetails,
  DeviceInputParsed,
  DeviceListQuery,
  ListPage,
  ListQuery,
  UnknownDevice,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { canSeeOrganisation, toId, type Actor } from '../organisation/scope.ts';
import { latestRawLogsOfDevice } from '../raw-log/raw-log.repository.ts';
import { toRawLog } from '../raw-log/raw-log.service.ts';
import * as repo from './device.repository.ts';

export const DEVICE_AUDIT = {
  created: 'device.created',
  updated: 'device.updated',
  deleted: 'device.deleted',
  allocated: 'device.allocated',
  rolledBack: 'device.rolled-back',
  statusChanged: 'device.status-changed',
  firmwareUpdate: 'device.firmware-update',
  temporaryCreated: 'device.temporary-created',
} as const;

/** Frames shown on the details page. */
export const DETAILS_RAW_PACKETS = 50;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const sameNetworks = (a: readonly string[] | null, b: readonly string[] | null) =>
  JSON.stringify(a) === JSON.stringify(b);

export function toDevice(row: repo.DeviceRow): Device {
  return {
    id: String(row.id),
    imei: row.imei,
    uid: row.uid,
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
    lastSeenAt: iso(row.lastSeenAt),
    createdAt: row.createdAt.toISOString(),
    targetFirmware: row.targetFirmware,
    expiresAt: iso(row.expiresAt),
    allowedNetworks: row.allowedNetworks,
    identityConflictAt: iso(row.identityConflictAt),
    identityConflicts: row.identityConflicts,
    cloneSuspectedAt: iso(row.cloneSuspectedAt),
    vehicle:
      row.vehicleId === null || row.registrationNumber === null
        ? null
        : { id: String(row.vehicleId), registrationNumber: row.registrationNumber },
  };
}

export const imeiTaken = () =>
  new ConflictError('A device with this IMEI is already registered.', {
    imei: 'Already registered',
  });

/** The other device may be outside the caller's scope: the message names neither it nor its owner. */
export const uidTaken = () =>
  new ConflictError('A device with this UID is already registered.', { uid: 'Already registered' });

export function createDeviceService({ db, clock, bus }: { db: Db; clock: Clock; bus?: Bus | undefined }) {
  async function scoped(auth: AuthContext, id: bigint): Promise<repo.DeviceRow> {
    await repo.expireTemporaryDevices(db, clock());
    const row = await repo.findDevice(db, id, auth.orgIds);
    if (!row) throw new NotFoundError('Device not found.');
    return row;
  }

  /** The owner a create/edit asks for: in the caller's scope (404 otherwise), the caller's own by default. */
  async function ownerOf(auth: AuthContext, organisationId: string | undefined): Promise<bigint> {
    const id = organisationId === undefined ? auth.organisationId : toId(organisationId);
    if (!canSeeOrganisation(auth, id) || !(await repo.findLiveOrganisation(db, id))) {
      throw new NotFoundError('Organisation not found.');
    }
    return id;
  }

  /** 409 when another live device already carries this UID. */
  async function checkUid(tx: Db, uid: string | null, exceptId?: bigint): Promise<void> {
    if (uid === null) return;
    const other = await repo.findLiveByUid(tx, uid, exceptId);
    if (other) throw uidTaken();
  }

  return {
    scoped,

    async list(auth: AuthContext, query: DeviceListQuery): Promise<ListPage<Device>> {
      await repo.expireTemporaryDevices(db, clock());
      const page = await repo.listDevices(
        db,
        {
          orgIds: auth.orgIds,
          status: query.status,
          statusNotIn: query.statusNotIn,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
        },
        query,
      );
      return mapPage(page, toDevice);
    },

    async get(auth: AuthContext, id: bigint): Promise<Device> {
      return toDevice(await scoped(auth, id));
    },

    /** Registers a device (status NEW). A soft-deleted device with the same IMEI is brought back with the new data. */
    async create({ auth, ip }: Actor, input: DeviceInputParsed): Promise<Device> {
      const organisationId = await ownerOf(auth, input.organisationId);
      const now = clock();
      const values = {
        imei: input.imei,
        uid: input.uid,
        iccid: input.iccid,
        sim1: input.sim1,
        sim2: input.sim2,
        esimProvider: input.eSimProvider,
        model: input.model,
        firmware: input.firmware,
        protocol: input.protocol,
        panicButtonCount: input.panicButtonCount,
        allowedNetworks: input.allowedNetworks,
        organisationId,
      };
      const id = await db.transaction(async (tx) => {
        const existing = await repo.findAnyByImei(tx, input.imei);
        if (existing && !existing.deleted) throw imeiTaken();
        await checkUid(tx, input.uid);
        let deviceId: bigint;
        if (existing) {
          deviceId = existing.id;
          await repo.updateDevice(tx, deviceId, {
            ...values,
            status: 'NEW',
            deleted: false,
            expiresAt: null,
            targetFirmware: null,
            allocatedFromOrganisationId: null,
            createdAt: now,
            updatedAt: now,
          });
        } else {
          deviceId = await repo.createDevice(tx, { ...values, createdAt: now, updatedAt: now });
        }
        await recordAudit(tx, {
          action: DEVICE_AUDIT.created,
          actorUserId: auth.userId,
          organisationId,
          entity: 'device',
          entityId: deviceId,
          detail: { imei: input.imei },
          ip,
          at: now,
        });
        return deviceId;
      });
      return toDevice(await scoped(auth, id));
    },

    /** Edits identity, SIMs, model and owner (the owner only within the caller's scope). Status has its own route. */
    async update({ auth, ip }: Actor, id: bigint, input: DeviceInputParsed): Promise<Device> {
      const current = await scoped(auth, id);
      const organisationId =
        input.organisationId === undefined
          ? current.organisation.id
          : await ownerOf(auth, input.organisationId);
      const now = clock();
      await db.transaction(async (tx) => {
        if (input.imei !== current.imei) {
          const other = await repo.findAnyByImei(tx, input.imei);
          if (other) throw imeiTaken();
        }
        await checkUid(tx, input.uid, id);
        await repo.updateDevice(tx, id, {
          imei: input.imei,
          uid: input.uid,
          iccid: input.iccid,
          sim1: input.sim1,
          sim2: input.sim2,
          esimProvider: input.eSimProvider,
          model: input.model,
          firmware: input.firmware,
          protocol: input.protocol,
          panicButtonCount: input.panicButtonCount,
          allowedNetworks: input.allowedNetworks,
          organisationId,
          updatedAt: now,
        });
        await recordAudit(tx, {
          action: DEVICE_AUDIT.updated,
          actorUserId: auth.userId,
          organisationId,
          entity: 'device',
          entityId: id,
          detail: {
            imei: input.imei,
            previousImei: current.imei,
            ...(sameNetworks(current.allowedNetworks, input.allowedNetworks)
              ? {}
              : { allowedNetworks: input.allowedNetworks, previousAllowedNetworks: current.allowedNetworks }),
          },
          ip,
          at: now,
        });
      });
      // The gateways re-read the device at its next frame (allowed networks, IMEI).
      bus?.publish<DevicesChangedMessage>(TOPICS.devices, { deviceIds: [String(id)] });
      return toDevice(await scoped(auth, id));
    },

    /** Soft delete. A device on a vehicle must be unlinked first (the vehicle module's link route). */
    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      const current = await scoped(auth, id);
      if (current.vehicleId !== null) {
        throw new ConflictError(
          `The device is linked to ${current.registrationNumber ?? 'a vehicle'}: unlink it first.`,
        );
      }
      const now = clock();
      await db.transaction(async (tx) => {
        await repo.updateDevice(tx, id, { deleted: true, updatedAt: now });
        await recordAudit(tx, {
          action: DEVICE_AUDIT.deleted,
          actorUserId: auth.userId,
          organisationId: current.organisation.id,
          entity: 'device',
          entityId: id,
          detail: { imei: current.imei },
          ip,
          at: now,
        });
      });
    },

    async details(auth: AuthContext, term: string): Promise<DeviceDetails> {
      await repo.expireTemporaryDevices(db, clock());
      const row = await repo.findDeviceByTerm(db, term, auth.orgIds);
      if (!row) throw new NotFoundError('Device not found.');
      const [latest, frames] = await Promise.all([
        repo.findLatest(db, row.id),
        latestRawLogsOfDevice(db, { id: row.id, imei: row.imei }, DETAILS_RAW_PACKETS),
      ]);
      return {
        device: toDevice(row),
        latest: latest
          ? {
              fixedAt: iso(latest.fixedAt),
              lastPacketAt: latest.lastPacketAt.toISOString(),
              lat: latest.lat,
              lon: latest.lon,
              speedKph: latest.speedKph,
              ignition: latest.ignition,
              status: latest.status,
            }
          : null,
        health: {
          mainPower: latest?.mainPower ?? null,
          mainVoltageV: latest?.mainVoltageV ?? null,
          batteryVoltageV: latest?.batteryVoltageV ?? null,
          gsmSignal: latest?.gsmSignal ?? null,
          satellites: latest?.satellites ?? null,
          gpsValid: latest?.gpsValid ?? null,
          lastPacketAt: latest ? latest.lastPacketAt.toISOString() : iso(row.lastSeenAt),
        },
        rawPackets: frames.map(toRawLog),
      };
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

export type DeviceService = ReturnType<typeof createDeviceService>;
