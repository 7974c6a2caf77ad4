/**
 * Bundle budget of ARCHITECTURE.md: the sign-in route loads at most 250 kB of gzipped JavaScript, and MapLibre loads
 * only on screens with a map. Serves the built console (apps/web/dist) from a plain static server, opens /auth/login
 * in Debian's Chromium with no session, and sums the gzip size of every script the page fetched.
 * Run: npm run build:web && npm run bench:bundle   (results → bench/results/bundle-size.json)
 */
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_GZIP_BYTES = 250 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('Build the console first: npm run build:web');

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.startsWith('/v1/')) {
    res
      .writeHead(401, { 'content-type': 'application/json' })
      .end('{"success":false,"message":"Auth token is missing."}');
    return;
  }
  const file = path.join(dist, path.normalize(url.pathname));
  const target =
    file.startsWith(dist) && existsSync(file) && !file.endsWith('/') && path.extname(file)
      ? file
      : path.join(dist, 'index.html');
  readFile(target).then(
    (body) =>
      res
        .writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' })
        .end(body),
    () => res.writeHead(404).end(),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('no port');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage();
const scripts: Array<{ url: string; rawBytes: number; gzipBytes: number }> = [];
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  const body = await response.body();
  scripts.push({
    url: new URL(response.url()).pathname,
    rawBytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
  });
});
await page.goto(`http://127.0.0.1:${address.port}/auth/login`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Sign in' }).waitFor();
await browser.close();
server.close();

const totalGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
const result = {
  measuredAt: new Date().toISOString(),
  route: '/auth/login',
  scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
  totalRawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
  totalGzipBytes: totalGzip,
  budgetGzipBytes: BUDGET_GZIP_BYTES,
  loadsMapLibre: scripts.some((s) => /maplibre/i.test(s.url)),
};
await writeFile(path.join(here, 'results/bundle-size.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `sign-in route: ${scripts.length} scripts, ${(totalGzip / 1024).toFixed(1)} kB gzip (budget 250 kB), MapLibre: ${result.loadsMapLibre}`,
);
if (totalGzip > BUDGET_GZIP_BYTES || result.loadsMapLibre) process.exitCode = 1;
