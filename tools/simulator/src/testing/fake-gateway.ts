/**
 * A tiny gateway for transport tests: a real net.Server on loopback that frames and decodes with the real codecs of
 * @civicfleet/protocols and answers with the reply the codec computes (GT06 login/heartbeat/data replies, Teltonika
 * IMEI accept and record counts, AIS-140 `$LGN…*`/`$HBT*`) — unless the test withholds it.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { getCodec, type DecodeResult, type NormalisedMessage } from '@civicfleet/protocols';
import type { DeviceProtocol } from '../fleet/types.ts';

export interface ReceivedFrame {
  connection: number;
  bytes: Uint8Array;
  result: DecodeResult;
}

export interface FakeGatewayOptions {
  protocol: DeviceProtocol;
  /** Return false to withhold the reply to this frame (as if the batch never committed). */
  shouldReply?: (frame: ReceivedFrame) => boolean;
  port?: number;
}

export class FakeGateway {
  readonly frames: ReceivedFrame[] = [];
  private readonly sockets = new Set<Socket>();
  private connectionCount = 0;
  private readonly server: Server;
  port = 0;

  constructor(private readonly options: FakeGatewayOptions) {
    const codec = getCodec(options.protocol);
    this.server = createServer((socket) => {
      const connection = ++this.connectionCount;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      const framer = codec.createFramer();
      const session: { imei: string | null } = { imei: null };
      socket.on('data', (chunk: Buffer) => {
        for (const frame of framer.push(chunk)) {
          const result = codec.decode(frame.bytes, session);
          if (result.imei !== null) session.imei = result.imei;
          const received = { connection, bytes: frame.bytes, result };
          this.frames.push(received);
          if (result.reply !== null && (this.options.shouldReply?.(received) ?? true))
            socket.write(result.reply);
        }
      });
    });
  }

  get connections(): number {
    return this.connectionCount;
  }

  get messages(): NormalisedMessage[] {
    return this.frames.flatMap((frame) => frame.result.messages);
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : 0;
    return this.port;
  }

  /** Cuts every open connection (server crash, NAT timeout). */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Sends raw bytes to every connected device (server commands). */
  broadcast(bytes: Uint8Array): void {
    for (const socket of this.sockets) socket.write(bytes);
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls `condition` every 10 ms until it holds or `timeoutMs` passes. */
export async function waitFor(
  condition: () => boolean,
  timeoutMs = 3_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
