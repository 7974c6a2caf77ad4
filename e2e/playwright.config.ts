import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The e2e suite drives Debian's Chromium (never a downloaded browser) against the real all-in-one server
// (`apps/server/src/main.ts`, what `npm start` runs) on a fresh embedded database with the demo data.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'civicfleet-e2e-'));

/** Device ports of the e2e server's gateway (tests/public.spec.ts checks one with the port checker). */
export const E2E_DEVICE_PORTS = { ais140: 15010, gt06: 15023, teltonika: 15027 } as const;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/v1/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // SIMULATOR off: the demo fleet is registered but not driven (no live traffic). The gateway listens on its own
    // loopback ports so that a tracker server on the default ports of this machine does not collide.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      GATEWAY_HOST: '127.0.0.1',
      AIS140_PORT: String(E2E_DEVICE_PORTS.ais140),
      GT06_PORT: String(E2E_DEVICE_PORTS.gt06),
      TELTONIKA_PORT: String(E2E_DEVICE_PORTS.teltonika),
      DATA_DIR: dataDir,
      DEMO: 'on',
      SIMULATOR: 'off',
      // The forwarding journey's receivers listen on loopback (refused by the SSRF guard by default).
      FORWARD_ALLOW_PRIVATE_ADDRESSES: 'on',
      LOG_LEVEL: 'warn',
    },
  },
});
