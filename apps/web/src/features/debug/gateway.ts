/**
 * Where a bench tracker connects: GET /v1/device/gateway (device.contract.ts GatewayInfoSchema) answers the server's
 * own device ports and public host. A listener that is off (port 0) is not offered.
 */
import {
  DEVICE_PROTOCOLS,
  GatewayInfoSchema,
  type DeviceProtocol,
  type GatewayInfo,
} from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export interface GatewayEndpoint {
  protocol: DeviceProtocol;
  port: number;
}

export const gatewayKey = ['device', 'gateway'] as const;

export function useGatewayInfo() {
  return useQuery({
    queryKey: gatewayKey,
    queryFn: () => apiRequest({ method: 'GET', path: '/device/gateway', schema: GatewayInfoSchema }),
    staleTime: Infinity,
  });
}

/** The device's own protocol, or every protocol when it was left open (the listener it connects to decides). */
export function gatewayEndpoints(protocol: DeviceProtocol | null, info: GatewayInfo): GatewayEndpoint[] {
  const protocols = protocol ? [protocol] : DEVICE_PROTOCOLS;
  return protocols.map((p) => ({ protocol: p, port: info.ports[p] })).filter((e) => e.port > 0);
}
