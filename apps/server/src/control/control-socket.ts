/**
 * The local control socket of a process on the embedded database: `DATA_DIR/run/control.sock`, in a directory of mode
 * 0700 (the socket itself 0600), so only the user who owns the data (and root) can connect. The embedded database
 * allows one process per data directory (db/data-dir-lock.ts), so a command-line tool that finds the directory in
 * use by a live server sends its request here and the server runs it on its own database with the same code.
 *
 * Protocol: HTTP/1.1 over the Unix socket, `POST /create-admin` with `{ argv: string[] }` (the tool's arguments,
 * parsed again here); the answer is `{ success, message, data? }` like the API's.
 */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { CreateAdminError, createSuperAdmin } from '../db/seed/super-admin.ts';
import { parseCreateAdminArgs } from '../scripts/create-admin-args.ts';

/** sun_path holds 108 bytes on Linux, 104 on macOS (with the terminating NUL). */
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_BODY_BYTES = 64 * 1024;

/** The socket's path, or null when DATA_DIR is too deep for a Unix socket path (then there is no socket). */
export function controlSocketPath(dataDir: string): string | null {
  const file = path.join(path.resolve(dataDir), 'run', 'control.sock');
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH_BYTES ? file : null;
}

export interface ControlAnswer {
  success: boolean;
  message: string;
  data?: { userId: string };
}

const RequestSchema = z.object({ argv: z.array(z.string().max(1000)).max(20) });

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/** Listens on the data directory's control socket; null when the path is too long for one. */
export async function startControlSocket(options: {
  dataDir: string;
  db: Db;
  log?: (message: string) => void;
}): Promise<ControlSocket | null> {
  const file = controlSocketPath(options.dataDir);
  if (file === null) {
    options.log?.(
      `DATA_DIR is too long for a control socket: npm run create-admin needs this server stopped first`,
    );
    return null;
  }
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // This process holds the data directory's lock, so a socket file here was left by a process that died.
  rmSync(file, { force: true });
  const server = http.createServer((request, response) => {
    const reply = (status: number, answer: ControlAnswer) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    if (request.method !== 'POST' || request.url !== '/create-admin') {
      reply(404, { success: false, message: 'Unknown control command.' });
      return;
    }
    readBody(request)
      .then(
        async (body) => {
          const parsed = RequestSchema.safeParse(body);
          if (!parsed.success) return reply(400, { success: false, message: 'Malformed control request.' });
          let input;
          try {
            input = parseCreateAdminArgs(parsed.data.argv);
          } catch (error) {
            return reply(400, { success: false, message: (error as Error).message });
          }
          try {
            const { userId } = await createSuperAdmin(options.db, input);
            options.log?.(`control socket: created SUPER_ADMIN ${input.email} (user id ${userId})`);
            return reply(201, {
              success: true,
              message: `Created SUPER_ADMIN ${input.email} (user id ${userId}) in the platform organisation.`,
              data: { userId: String(userId) },
            });
          } catch (error) {
            if (error instanceof CreateAdminError)
              return reply(409, { success: false, message: error.message });
            throw error;
          }
        },
        (error: unknown) => reply(400, { success: false, message: (error as Error).message }),
      )
      .catch((error: unknown) => {
        options.log?.(`control socket: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) reply(500, { success: false, message: 'The server could not do this.' });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(file, 0o600);
  return {
    path: file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('Control request too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new Error('Malformed control request.'));
      }
    });
    request.on('error', reject);
  });
}

/**
 * Sends `argv` to the server's control socket. Rejects with the socket error (ENOENT / ECONNREFUSED: nothing
 * listens, e.g. the server is still starting).
 */
export function sendCreateAdmin(socketPath: string, argv: string[]): Promise<ControlAnswer> {
  const body = JSON.stringify({ argv });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath,
        path: '/create-admin',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ControlAnswer);
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
