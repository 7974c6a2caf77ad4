/**
 * Where a bench tracker connects. The server does not publish its gateway ports to the console yet, so these are the
 * defaults of apps/server/src/config/env.ts (AIS140_PORT, GT06_PORT, TELTONIKA_PORT); a deployment that overrides
 * them must tell its testers. The host is the one this console is served from (one host in the standard set-up).
 */
import { DEVICE_PROTOCOLS, type DeviceProtocol } from '@civicfleet/shared';

export const DEFAULT_GATEWAY_PORTS: Readonly<Record<DeviceProtocol, number>> = {
  ais140: 5010,
  gt06: 5023,
  teltonika: 5027,
};

export interface GatewayEndpoint {
  protocol: DeviceProtocol;
  port: number;
}

/** The device's own protocol, or every protocol when it was left open (the listener it connects to decides). */
export function gatewayEndpoints(protocol: DeviceProtocol | null): GatewayEndpoint[] {
  const protocols = protocol ? [protocol] : DEVICE_PROTOCOLS;
  return protocols.map((p) => ({ protocol: p, port: DEFAULT_GATEWAY_PORTS[p] }));
}

export function gatewayHost(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname;
}
