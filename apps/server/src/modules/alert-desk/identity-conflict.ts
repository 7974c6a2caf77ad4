/**
 * Closing an `identityConflict` desk alert resolves the device's identity conflict (gateway/identity): the
 * operator has checked the device (or blocked the impostor's network), so its conflict and "clone suspected" marks
 * are cleared and the gateways re-read the device (TOPICS.devices), which lets commands go to its connection again.
 */
import { eq } from 'drizzle-orm';
import { TOPICS, type Bus, type DevicesChangedMessage } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { devices, type events } from '../../db/schema/index.ts';

export async function clearIdentityConflict(
  tx: Db,
  alert: typeof events.$inferSelect,
): Promise<bigint | null> {
  if (alert.type !== 'identityConflict') return null;
  await tx
    .update(devices)
    .set({ identityConflictAt: null, identityConflicts: 0, cloneSuspectedAt: null })
    .where(eq(devices.id, alert.deviceId));
  return alert.deviceId;
}

export function publishIdentityCleared(bus: Bus, deviceId: bigint | null | undefined): void {
  if (deviceId) bus.publish<DevicesChangedMessage>(TOPICS.devices, { deviceIds: [String(deviceId)] });
}
