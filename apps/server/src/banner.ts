import type { Env } from './config/env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts.ts';

/** The start-up message: where to open the console and, with demo data, whom to sign in as. */
export function banner(
  env: Env,
  options: {
    demo: boolean;
    dbKind: string;
    devicePorts?: Partial<Record<string, number>> | undefined;
    /** Demo vehicles driven by the in-process simulator. */
    simulatedVehicles?: number | undefined;
  },
): string {
  const url = `http://localhost:${env.port}`;
  const lines = [
    '',
    `  CivicFleet is running at ${url}`,
    `  API docs: ${url}/v1/docs   database: ${options.dbKind}${env.databaseUrl ? '' : ` (${env.dataDir}/pglite)`}`,
    `  Mail: ${env.smtpUrl ? 'SMTP' : 'kept in the outbox (GET /v1/outbox as SUPER_ADMIN)'}`,
  ];
  if (options.devicePorts) lines.push(devicePortsLine(options.devicePorts));
  if (options.simulatedVehicles !== undefined)
    lines.push(`  Demo fleet: ${options.simulatedVehicles} vehicles simulated (SIMULATOR=off to disable)`);
  if (options.demo) {
    lines.push('', `  Demo accounts (password ${DEMO_PASSWORD}):`, '');
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.role.padEnd(18)} ${a.email.padEnd(width)}  ${a.phone}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `Device ports: AIS-140 5010, GT06 5023, Teltonika 5027` (as bound). */
export function devicePortsLine(ports: Partial<Record<string, number>>): string {
  const names: Record<string, string> = { ais140: 'AIS-140', gt06: 'GT06', teltonika: 'Teltonika' };
  const listed = Object.entries(ports).map(
    ([protocol, port]) => `${names[protocol] ?? protocol} ${port ?? '?'}`,
  );
  return `  Device ports (TCP): ${listed.join(', ')}`;
}
