/** A fake device for tests and the benchmark: one TCP connection, everything received kept in order. */
import net from 'node:net';

export class TcpDevice {
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.isClosed = true;
        this.wake();
        resolve();
      }),
    );
  }

  /** `localAddress`: the source address (another 127.x.y.z plays a device on another network on Linux). */
  static connect(port: number, host = '127.0.0.1', localAddress?: string): Promise<TcpDevice> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host, ...(localAddress ? { localAddress } : {}) }, () => {
        socket.off('error', reject);
        resolve(new TcpDevice(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Bytes received so far (not consumed). */
  get received(): Buffer {
    return this.buffer;
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Waits until at least `length` bytes arrived (or the socket closed), then removes and returns them. */
  async read(length: number, timeoutMs = 5000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffer.length < length) {
      if (this.isClosed) throw new Error(`socket closed after ${this.buffer.length} of ${length} bytes`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out with ${this.buffer.length} of ${length} bytes`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const out = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return Buffer.from(out);
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
