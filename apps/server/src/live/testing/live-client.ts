/**
 * Test helpers for /v1/live: a real WebSocket client on a built app (injectWS) that keeps every message and the close,
 * and users with a role of given permissions (the demo password, so `t.signIn(email)` works).
 */
import { eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import type { AuthScopes, LiveDelta, LivePosition } from '@civicfleet/shared';
import type { ApiApp } from '../../http/types.ts';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { demoAccount } from '../../db/seed/demo-accounts.ts';
import type { LiveServerMessage } from '../live-permissions.ts';

export interface LiveTestClient {
  ws: WebSocket;
  messages: LiveServerMessage[];
  /** Resolves with the close code and reason (either side); `closedAtMs` is performance.now() then. */
  closed: Promise<{ code: number; reason: string; closedAtMs: number }>;
  isClosed(): boolean;
}

export async function connectLive(app: ApiApp, path = '/v1/live'): Promise<LiveTestClient> {
  const messages: LiveServerMessage[] = [];
  let isClosed = false;
  let resolveClosed: (value: { code: number; reason: string; closedAtMs: number }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string; closedAtMs: number }>((resolve) => {
    resolveClosed = resolve;
  });
  const ws = await app.injectWS(
    path,
    {},
    {
      onInit(socket) {
        socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveServerMessage));
        socket.on('close', (code, reason) => {
          isClosed = true;
          resolveClosed({ code, reason: String(reason), closedAtMs: performance.now() });
        });
      },
    },
  );
  return { ws, messages, closed, isClosed: () => isClosed };
}

/** Connects and authenticates the way the console does: the access token as the first message. */
export async function connectLiveAs(app: ApiApp, token: string): Promise<LiveTestClient> {
  const client = await connectLive(app);
  client.ws.send(JSON.stringify({ type: 'auth', token }));
  return client;
}

/** Resolves when the snapshot arrived (with its positions) or the socket closed (null). */
export async function snapshotOrClose(client: LiveTestClient): Promise<LivePosition[] | null> {
  const snapshot = new Promise<LivePosition[]>((resolve) => {
    const found = () => client.messages.find((m) => m.type === 'snapshot');
    const poll = () => {
      const message = found();
      if (message?.type === 'snapshot') resolve(message.positions);
      else if (!client.isClosed()) setTimeout(poll, 20);
    };
    poll();
  });
  return Promise.race([snapshot, client.closed.then(() => null)]);
}

export function livePosition(
  deviceId: bigint,
  vehicleId: bigint,
  organisationId: bigint,
  lat: number,
): LivePosition {
  const now = new Date().toISOString();
  return {
    deviceId: String(deviceId),
    vehicleId: String(vehicleId),
    organisationId: String(organisationId),
    fixTime: now,
    serverTime: now,
    lat,
    lon: 77.4,
    speedKph: 12,
    headingDeg: 0,
    gpsValid: true,
    ignition: true,
    mainPower: true,
    batteryVoltageV: 4.1,
    gsmSignal: 20,
    odometerM: 1000,
    status: 'moving',
    statusSince: null,
  };
}

export function liveSos(id: string, deviceId: bigint, organisationId: bigint): LiveDelta['alerts'][number] {
  return {
    id,
    deviceId: String(deviceId),
    vehicleId: null,
    organisationId: String(organisationId),
    type: 'sos',
    at: new Date().toISOString(),
    lat: null,
    lon: null,
    late: false,
  };
}

/** A role with these permissions and a user holding it in `organisationId`; the password is the demo password. */
export async function createUserWithRole(
  db: Db,
  options: { roleName: string; authScopes: AuthScopes; organisationId: bigint; email: string },
): Promise<{ userId: bigint; roleId: bigint; email: string }> {
  const [role] = await db
    .insert(roles)
    .values({
      name: options.roleName,
      authScopes: options.authScopes,
      organisationId: options.organisationId,
    })
    .returning({ id: roles.id });
  const [template] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, demoAccount('ADMIN').email));
  if (!role || !template) throw new Error('createUserWithRole: no role or no demo user');
  const [user] = await db
    .insert(users)
    .values({
      firstName: options.roleName,
      email: options.email,
      passwordHash: template.passwordHash,
      roleId: role.id,
      organisationId: options.organisationId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('createUserWithRole: no user');
  return { userId: user.id, roleId: role.id, email: options.email };
}
