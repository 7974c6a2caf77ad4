/**
 * Engine stop and resume (issue 20 #3): the permission device:immobilise (not held by MANUFACTURER or
 * INVENTORY_MANAGER by default), a password confirmation of the session (step-up), a speed limit for engine stop, and
 * an audit entry naming the user. The delivery itself is tested in command.routes.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_MESSAGES } from '@civicfleet/shared';
import { auditLog, deviceLatest, users } from '../../db/schema/index.ts';
import { createTestApp, demoAccount, type TestApp } from '../../../test/helpers.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { IMMOBILISER_AUDIT, IMMOBILISER_MESSAGES } from './immobiliser.ts';

const MANUFACTURER_ORG = 'Narmada Telematics Pvt Ltd';

describe('engine stop and resume', () => {
  let t: TestApp;
  let indoreTipper: TrackedVehicle;
  let manufacturerUnit: TrackedVehicle;

  const send = (who: string, deviceId: bigint, type: string, text?: string) =>
    t.call(who, 'POST', '/v1/command', {
      deviceId: String(deviceId),
      type,
      ...(text === undefined ? {} : { params: { text } }),
    });

  async function setLatest(deviceId: bigint, orgId: bigint, speedKph: number, ageMs: number) {
    const fixedAt = new Date(Date.now() - ageMs);
    const values = { deviceId, organisationId: orgId, fixedAt, speedKph, lastPacketAt: fixedAt };
    await t.db
      .insert(deviceLatest)
      .values(values)
      .onConflictDoUpdate({
        target: deviceLatest.deviceId,
        set: { fixedAt, speedKph, lastPacketAt: fixedAt },
      });
  }

  beforeAll(async () => {
    t = await createTestApp();
    indoreTipper = await seedTrackedVehicle(t.db, {
      imei: '359710049095201',
      protocol: 'gt06',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09IM0001',
    });
    manufacturerUnit = await seedTrackedVehicle(t.db, {
      imei: '359710049095202',
      protocol: 'gt06',
      organisationId: await organisationId(t.db, MANUFACTURER_ORG),
      registrationNumber: 'MP09IM0002',
    });
  });
  afterAll(async () => t?.close());

  it('refuses MANUFACTURER engine stop by default (a relay text as a custom command too), not its other commands', async () => {
    for (const [type, text] of [
      ['engineStop', undefined],
      ['engineResume', undefined],
      ['custom', 'RELAY,1#'],
      ['custom', ' setdigout 1'],
    ] as const) {
      const res = await send('MANUFACTURER', manufacturerUnit.deviceId, type, text);
      expect(res.statusCode, `${type} ${text ?? ''}`).toBe(403);
      expect(res.json()).toEqual({ success: false, message: IMMOBILISER_MESSAGES.forbidden });
    }
    expect((await send('MANUFACTURER', manufacturerUnit.deviceId, 'getInfo')).statusCode).toBe(201);
    // INVENTORY_MANAGER may not send commands at all.
    expect((await send('INVENTORY_MANAGER', manufacturerUnit.deviceId, 'engineStop')).statusCode).toBe(403);
  });

  it('asks an ADMIN to confirm the password first, then queues it and audits who sent it', async () => {
    const first = await send('ADMIN', indoreTipper.deviceId, 'engineStop');
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ success: false, message: STEP_UP_MESSAGES.required });
    expect(first.json().errors).toHaveProperty('password');

    await t.stepUp('ADMIN');
    const stop = await send('ADMIN', indoreTipper.deviceId, 'engineStop');
    expect(stop.statusCode).toBe(201);
    expect(stop.json().data).toMatchObject({ type: 'engineStop', text: 'RELAY,1#', status: 'queued' });

    const [admin] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccount('ADMIN').email));
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, IMMOBILISER_AUDIT), eq(auditLog.entityId, String(indoreTipper.deviceId))),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: admin?.id, entity: 'device' });
    expect(entries[0]?.detail).toMatchObject({ kind: 'engineStop', commandId: stop.json().data.id });
  });

  it('refuses engine stop while the vehicle moves faster than the limit (20 km/h); resume is not limited', async () => {
    await t.stepUp('ADMIN');
    const indore = await organisationId(t.db, INDORE);
    await setLatest(indoreTipper.deviceId, indore, 45, 30_000);
    const fast = await send('ADMIN', indoreTipper.deviceId, 'engineStop');
    expect(fast.statusCode).toBe(409);
    expect(fast.json().message).toBe(IMMOBILISER_MESSAGES.tooFast(45, 20));
    expect((await send('ADMIN', indoreTipper.deviceId, 'custom', 'RELAY,1#')).statusCode).toBe(409);
    expect((await send('ADMIN', indoreTipper.deviceId, 'engineResume')).statusCode).toBe(201);

    await setLatest(indoreTipper.deviceId, indore, 8, 30_000);
    expect((await send('ADMIN', indoreTipper.deviceId, 'engineStop')).statusCode).toBe(201);
    // A fix from an hour ago says nothing about the speed now: not judged by it.
    await setLatest(indoreTipper.deviceId, indore, 60, 3_600_000);
    expect((await send('ADMIN', indoreTipper.deviceId, 'engineStop')).statusCode).toBe(201);
  });

  it('keeps another organisation’s device invisible', async () => {
    await t.stepUp('admin.bhopal@demo.civicfleet.in');
    const res = await send('admin.bhopal@demo.civicfleet.in', indoreTipper.deviceId, 'engineStop');
    expect(res.statusCode).toBe(404);
  });
});
