/** Tests only: desk alerts written straight into `events`, as the gateway would raise them. */
import type { AlertDeskStatus } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import type { TrackedVehicle } from '../../gateway/testing/fleet.ts';

export async function raiseAlert(
  db: Db,
  tracked: TrackedVehicle & { organisationId: bigint },
  args: { type: string; startedAt: Date; deskStatus?: AlertDeskStatus | null; endedAt?: Date | null },
): Promise<string> {
  const [row] = await db
    .insert(events)
    .values({
      deviceId: tracked.deviceId,
      vehicleId: tracked.vehicleId,
      organisationId: tracked.organisationId,
      type: args.type,
      startedAt: args.startedAt,
      lastAt: args.startedAt,
      // One-shot rows and closed alarms have an end; open ones (the partial unique index) at most one per type.
      endedAt: args.endedAt === undefined ? args.startedAt : args.endedAt,
      lat: 22.7196,
      lon: 75.8577,
      deskStatus: args.deskStatus === undefined ? 'new' : args.deskStatus,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('event insert returned no row');
  return String(row.id);
}
