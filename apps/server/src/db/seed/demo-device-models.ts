/**
 * The demo tracker catalogue and the AIS-140 identifiers the fitment certificate prints: one device model per model
 * name the demo stock and fleet carry (added by the demo manufacturer, so its sign-ins may edit them), each with a
 * TAC number (type approval certificate of the model), and a UID per device derived from its IMEI. Deterministic:
 * the same on every fresh demo database. The TAC numbers are made up in the shape ARAI/ICAT certificates are quoted.
 */
import type { Db } from '../client.ts';
import { deviceModels, type DeviceProtocol } from '../schema/index.ts';

export interface DemoDeviceModel {
  name: string;
  manufacturer: string;
  protocol: DeviceProtocol;
  firmwareVersions: string[];
  panicButtonCount: number;
  tacNumber: string;
}

/** Keyed by protocol: the demo fleet fits one model per protocol (demo-fleet.ts), the stock the AIS-140 one. */
export const DEMO_DEVICE_MODELS: Record<DeviceProtocol, DemoDeviceModel> = {
  ais140: {
    name: 'iStartek VT140 (AIS-140)',
    manufacturer: 'iStartek',
    protocol: 'ais140',
    firmwareVersions: ['1.0.3', '1.0.4'],
    panicButtonCount: 1,
    tacNumber: 'ARAI/AIS140/2023/0417',
  },
  gt06: {
    name: 'Concox GT06E',
    manufacturer: 'Concox',
    protocol: 'gt06',
    firmwareVersions: ['GT06E_20_60DM2_B25E_V2'],
    panicButtonCount: 1,
    tacNumber: 'ICAT/AIS140/2022/1128',
  },
  teltonika: {
    name: 'Teltonika FMB920',
    manufacturer: 'Teltonika',
    protocol: 'teltonika',
    firmwareVersions: ['03.27.07'],
    panicButtonCount: 1,
    tacNumber: 'ARAI/AIS140/2024/0093',
  },
};

/** The UID printed on a demo tracker: the manufacturer's prefix and the IMEI (unique because the IMEI is). */
export const demoDeviceUid = (imei: string): string => `NT${imei}`;

/** Adds the demo models, owned by `organisationId` (the demo manufacturer). */
export async function seedDemoDeviceModels(db: Db, organisationId: bigint): Promise<void> {
  await db
    .insert(deviceModels)
    .values(Object.values(DEMO_DEVICE_MODELS).map((model) => ({ ...model, organisationId })));
}
