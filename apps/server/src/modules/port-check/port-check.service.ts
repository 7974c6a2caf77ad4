/**
 * The public port checker (spec 01 §2.1 /public/port-checker, "check-port" root). It must never become a way to probe
 * private networks: the host is resolved first, every resolved address must pass isProbeAllowed(), and the socket
 * connects to the validated address itself, so a second DNS answer (rebinding) cannot redirect it.
 */
import type { PortCheckResult } from '@civicfleet/shared';
import { BadRequestError } from '../../http/errors.ts';
import { isProbeAllowed } from './address-class.ts';
import { probeTcp, resolveAll, type ProbeOutcome } from './tcp-probe.ts';

export interface PortCheckDeps {
  /** The platform's own device listener ports: the only ports that may be checked on loopback. */
  devicePorts: readonly number[];
  resolve?: (host: string) => Promise<string[]>;
  probe?: (address: string, port: number) => Promise<ProbeOutcome>;
}

export function refusalMessage(devicePorts: readonly number[]): string {
  return (
    'Only public internet addresses can be checked, or this platform’s own device ports ' +
    `(${devicePorts.join(', ')}) on this server. Private, local and reserved addresses are not allowed.`
  );
}

export function createPortCheckService({
  devicePorts,
  resolve = resolveAll,
  probe = probeTcp,
}: PortCheckDeps) {
  return {
    async check(host: string, port: number): Promise<PortCheckResult> {
      let addresses: string[];
      try {
        addresses = await resolve(host);
      } catch {
        throw new BadRequestError(`The host name "${host}" could not be resolved.`, {
          host: 'The host name could not be resolved',
        });
      }
      const target = addresses[0];
      if (target === undefined || !addresses.every((a) => isProbeAllowed(a, port, devicePorts))) {
        throw new BadRequestError(refusalMessage(devicePorts), {
          host: 'This address or port is not allowed',
        });
      }
      const outcome = await probe(target, port);
      return { host, address: target, port, ...outcome };
    },
  };
}
