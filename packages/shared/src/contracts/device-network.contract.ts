/**
 * Allowed source networks of trackers (docs/security.md "Device identity"): the networks (CIDRs) the gateway accepts
 * a device's frames from — typically a private APN's ranges (AIS-140). Set per organisation
 * (`/v1/organisation/device-network-settings/:id`, inherited down the tree: an organisation without its own list
 * takes its nearest ancestor's) and per device (`allowedNetworks` on the device: null = the organisation's, [] = any
 * address). An empty effective list allows any address.
 */
import { z } from 'zod';

export const ALLOWED_NETWORKS_MAX = 64;
export const CIDR_MESSAGE = 'Each network must be an IPv4 or IPv6 address or CIDR such as 10.64.0.0/16';

/** One network: `10.64.0.0/16`, `2001:db8::/32` or a single address. */
export const CidrSchema = z
  .string()
  .trim()
  .pipe(z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], { error: CIDR_MESSAGE }));

export const AllowedNetworksSchema = z
  .array(CidrSchema, { error: 'allowedNetworks must be a list of networks' })
  .max(ALLOWED_NETWORKS_MAX, `At most ${ALLOWED_NETWORKS_MAX} networks`);

export const DeviceNetworkSettingsPatchSchema = z.strictObject({
  allowedNetworks: AllowedNetworksSchema.optional(),
});
export type DeviceNetworkSettingsPatch = z.infer<typeof DeviceNetworkSettingsPatchSchema>;

const ValuesSchema = z.object({ allowedNetworks: z.array(z.string()) });
export const OrganisationDeviceNetworkSettingsSchema = z.object({
  organisationId: z.string(),
  stored: ValuesSchema.partial(),
  effective: ValuesSchema,
  defaults: ValuesSchema,
});
export type OrganisationDeviceNetworkSettings = z.infer<typeof OrganisationDeviceNetworkSettingsSchema>;

export const DEFAULT_DEVICE_NETWORK_SETTINGS = { allowedNetworks: [] as string[] };
