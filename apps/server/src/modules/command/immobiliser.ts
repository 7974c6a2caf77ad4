/**
 * Engine stop and resume (issue 20 #3). Cutting a moving tipper's fuel or ignition in city traffic is dangerous, so an
 * immobiliser command needs, on top of `device:send-command`:
 * - the permission `device:immobilise` (SUPER_ADMIN and ADMIN by default; not MANUFACTURER or INVENTORY_MANAGER);
 * - a password confirmation of this session within STEP_UP_TTL_S (POST /v1/auth/step-up; the console's
 *   "Confirm it's you" dialog retries the call), checked per command because only these command types need it;
 * - for engine stop, a vehicle that is not moving faster than IMMOBILISER_MAX_SPEED_KPH by its latest fix (fixes
 *   older than FRESH_FIX_MS say nothing about the speed now). No device model is marked as stopping safely by
 *   itself yet (that needs a device-model column: see docs/security.md), so the speed rule holds for every model.
 * Every immobiliser command is audited with the user who sent it.
 * Custom texts that are the relay commands of our protocols count as immobiliser commands too.
 */
import { hasPermission } from '@civicfleet/shared';
import type { CommandType } from '@civicfleet/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceLatest } from '../../db/schema/index.ts';
import { stepUpRequiredError } from '../../http/authenticate.ts';
import { ConflictError, ForbiddenError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import type { StepUpVerifier } from '../auth/step-up.service.ts';

export const IMMOBILISER_AUDIT = 'command.immobiliser';
export const DEFAULT_IMMOBILISER_MAX_SPEED_KPH = 20;
/** A fix older than this does not tell how fast the vehicle is going now. */
const FRESH_FIX_MS = 5 * 60_000;

export const IMMOBILISER_MESSAGES = {
  forbidden: 'You do not have permission to stop or resume engines.',
  tooFast: (speedKph: number, maxKph: number) =>
    `The vehicle is moving at ${Math.round(speedKph)} km/h: engine stop is refused above ${maxKph} km/h. Try again when it has slowed down.`,
} as const;

/** GT06 `RELAY,1#` / `RELAY,0#` and Teltonika `setdigout …`, however they are spaced or cased. */
const RELAY_TEXT = /^\s*(relay\s*,|setdigout\b)/i;

export type ImmobiliserKind = 'engineStop' | 'engineResume';

/** Whether a command acts on the immobiliser, and which way (a custom relay text counts as a stop: the safe side). */
export function immobiliserKind(type: CommandType, text: string): ImmobiliserKind | null {
  if (type === 'engineStop' || type === 'engineResume') return type;
  if (type === 'custom' && RELAY_TEXT.test(text)) return 'engineStop';
  return null;
}

export interface ImmobiliserDeps {
  db: Db;
  clock: Clock;
  stepUps: StepUpVerifier;
  maxSpeedKph: number;
}

/** Throws 403 (permission or step-up) or 409 (moving too fast); returns the speed it judged by (null: unknown). */
export async function assertImmobiliserAllowed(
  deps: ImmobiliserDeps,
  auth: AuthContext,
  kind: ImmobiliserKind,
  deviceId: bigint,
): Promise<number | null> {
  if (!hasPermission(auth.roleName, auth.permissions, 'device', 'immobilise')) {
    throw new ForbiddenError(IMMOBILISER_MESSAGES.forbidden);
  }
  if (!(await deps.stepUps.hasRecentStepUp(auth))) throw stepUpRequiredError(auth);
  const [latest] = await deps.db
    .select({ speedKph: deviceLatest.speedKph, fixedAt: deviceLatest.fixedAt })
    .from(deviceLatest)
    .where(eq(deviceLatest.deviceId, deviceId))
    .limit(1);
  const isFresh =
    latest?.fixedAt !== null &&
    latest?.fixedAt !== undefined &&
    deps.clock().getTime() - latest.fixedAt.getTime() <= FRESH_FIX_MS;
  const speedKph = isFresh ? (latest?.speedKph ?? null) : null;
  if (kind === 'engineStop' && speedKph !== null && speedKph > deps.maxSpeedKph) {
    throw new ConflictError(IMMOBILISER_MESSAGES.tooFast(speedKph, deps.maxSpeedKph), {
      type: `Moving at ${Math.round(speedKph)} km/h`,
    });
  }
  return speedKph;
}
