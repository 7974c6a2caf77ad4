/** Real receivers on loopback for forwarding tests: an HTTP webhook (node:http) and a TCP emergency backend. */
import http from 'node:http';
import net from 'node:net';

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface HttpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Answers of the next requests, in order (then 200). */
  answers: Array<{ status: number; headers?: Record<string, string>; body?: string }>;
  close(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const answers: HttpReceiver['answers'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TcpReceiver {
  port: number;
  /** Bytes received per connection, and when the first byte came. */
  received: Array<{ bytes: Buffer; at: number }>;
  close(): Promise<void>;
}

/** A TCP backend on loopback: `port` 0 (default) picks a free one; a given port starts a backend that comes up late. */
export async function startTcpReceiver(port = 0): Promise<TcpReceiver> {
  const received: TcpReceiver['received'] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const entry = { bytes: Buffer.alloc(0), at: 0 };
    socket.on('data', (chunk: Buffer) => {
      if (entry.bytes.length === 0) {
        entry.at = performance.now();
        received.push(entry);
      }
      entry.bytes = Buffer.concat([entry.bytes, chunk]);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
