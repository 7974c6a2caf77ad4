/**
 * /v1/organisation/device-network-settings/:id (docs/security.md "Device identity"): the source networks the gateway
 * accepts the organisation's trackers' frames from, inherited down the tree (settings-section kit). Same permissions
 * and scope as the other organisation settings: read with the organisation module, written with its edit action.
 * The gateways re-read a device's record (and so its organisation's networks) at least once a minute.
 */
import {
  AllowedNetworksSchema,
  DEFAULT_DEVICE_NETWORK_SETTINGS,
  DeviceNetworkSettingsPatchSchema,
  IdParamsSchema,
  OrganisationDeviceNetworkSettingsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from './scope.ts';
import { createSettingsSectionService } from './settings-section.service.ts';

export const DEVICE_NETWORK_SETTINGS_AUDIT = 'organisation.device-network-settings-updated';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'organisation';

type DeviceNetworkSettings = { allowedNetworks: string[] };

/** The valid part of a stored section (a list that no longer validates counts as not set). */
function overrides(stored: unknown): Partial<DeviceNetworkSettings> {
  if (typeof stored !== 'object' || stored === null) return {};
  const parsed = AllowedNetworksSchema.safeParse((stored as Record<string, unknown>).allowedNetworks);
  return parsed.success ? { allowedNetworks: parsed.data } : {};
}

/** The nearest organisation (itself first, then up) that stores a list wins; none: any address. */
function inherit(chainRootFirst: readonly unknown[]): DeviceNetworkSettings {
  let effective: DeviceNetworkSettings = { ...DEFAULT_DEVICE_NETWORK_SETTINGS };
  for (const stored of chainRootFirst) effective = { ...effective, ...overrides(stored) };
  return effective;
}

export const deviceNetworkModule: ApiModule = {
  name: 'device-network',
  register(app, deps) {
    const service = createSettingsSectionService(
      { db: deps.db, clock: deps.clock },
      {
        section: 'deviceNetwork',
        auditAction: DEVICE_NETWORK_SETTINGS_AUDIT,
        defaults: DEFAULT_DEVICE_NETWORK_SETTINGS,
        overrides,
        inherit,
      },
    );
    const tags = ['organisation'];

    app.get(
      '/organisation/device-network-settings/:id',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: envelopeSchema(OrganisationDeviceNetworkSettingsSchema) },
        },
      },
      async (request) =>
        ok('Device network settings', await service.get(request.auth, toId(request.params.id))),
    );

    app.put(
      '/organisation/device-network-settings/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-organisation-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: DeviceNetworkSettingsPatchSchema,
          response: { 200: envelopeSchema(OrganisationDeviceNetworkSettingsSchema) },
        },
      },
      async (request) =>
        ok(
          'Device network settings saved',
          await service.put(actorOf(request), toId(request.params.id), request.body),
        ),
    );
  },
};
