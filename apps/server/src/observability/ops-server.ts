/**
 * The ops listener of the gateway-only and worker-only processes (they have no HTTP API): GET /healthz, /readyz and
 * /metrics, with the API's envelopes and the same /metrics access rule (metrics-access.ts). Started only when
 * OPS_PORT is set, so several processes on one host never clash over a port.
 *
 *   const ops = await startOpsServer({ port: 0, host: '127.0.0.1', db, bus, metrics });
 *   ops.port; await ops.close();
 */
import http from 'node:http';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { checkMetricsAccess } from './metrics-access.ts';
import { renderMetrics, type Metrics } from './metrics.ts';
import { checkReadiness } from './readiness.ts';

export interface OpsServerOptions {
  port: number;
  host: string;
  db: Db;
  bus?: Bus | undefined;
  metrics: Metrics;
  metricsToken?: string | undefined;
}

export interface OpsServer {
  /** The bound port (OPS_PORT=0: an ephemeral one). */
  port: number;
  close(): Promise<void>;
}

const uptimeS = () => Math.round(process.uptime());

export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server = http.createServer((request, response) => {
    void answer(request, response, options).catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, { success: false, message: 'Encountered a server error.' });
      else response.destroy();
    });
  });
  // Scrapers keep connections alive; close() must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: OpsServerOptions,
): Promise<void> {
  const pathname = (request.url ?? '/').split('?')[0];
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return sendJson(response, 405, { success: false, message: 'Only GET is allowed here.' });
  }
  switch (pathname) {
    case '/healthz':
      return sendJson(response, 200, {
        success: true,
        message: 'alive',
        data: { status: 'alive', uptimeS: uptimeS() },
      });
    case '/readyz': {
      const problem = await checkReadiness(options.db, options.bus);
      if (problem) return sendJson(response, 503, { success: false, message: problem });
      return sendJson(response, 200, {
        success: true,
        message: 'ready',
        data: { status: 'ready', uptimeS: uptimeS() },
      });
    }
    case '/metrics': {
      const denied = checkMetricsAccess(
        { remoteAddress: request.socket.remoteAddress, headers: request.headers },
        options.metricsToken,
      );
      if (denied) return sendJson(response, denied.statusCode, { success: false, message: denied.message });
      const { contentType, body } = await renderMetrics(options.metrics);
      response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      response.end(body);
      return;
    }
    default:
      return sendJson(response, 404, { success: false, message: 'Not found.' });
  }
}

function sendJson(response: http.ServerResponse, statusCode: number, body: object): void {
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}
