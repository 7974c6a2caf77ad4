/** The whole simulator in-process against three gateway doubles on loopback, as the server's demo mode runs it. */
import { afterEach, describe, expect, it } from 'vitest';
import { demoFleet } from '../fleet/demo-fleet.ts';
import { FakeGateway, waitFor } from '../testing/fake-gateway.ts';
import { startSimulator, type SimulatorHandle } from './start-simulator.ts';

const gateways = {
  ais140: new FakeGateway({ protocol: 'ais140' }),
  gt06: new FakeGateway({ protocol: 'gt06' }),
  teltonika: new FakeGateway({ protocol: 'teltonika' }),
};
let simulator: SimulatorHandle | null = null;

afterEach(async () => {
  await simulator?.stop();
  await Promise.all(Object.values(gateways).map((gateway) => gateway.close()));
});

describe('startSimulator', () => {
  it('connects every demo vehicle to its protocol port and streams decodable, acknowledged data', async () => {
    const ports = {
      ais140: await gateways.ais140.listen(),
      gt06: await gateways.gt06.listen(),
      teltonika: await gateways.teltonika.listen(),
    };
    const vehicles = demoFleet(6, 5);
    simulator = startSimulator({
      vehicles,
      host: '127.0.0.1',
      ports,
      intervalS: 5,
      speedup: 30,
      seed: 5,
      tickMs: 100,
    });
    await waitFor(() => simulator?.stats().connected === 6, 5_000, 'all connected');
    await waitFor(
      () =>
        Object.values(gateways).every((g) => g.messages.filter((m) => m.kind === 'position').length >= 10),
      8_000,
      'positions',
    );

    const stats = simulator.stats();
    expect(stats.byProtocol).toMatchObject({
      ais140: { vehicles: 2, connected: 2 },
      gt06: { vehicles: 2, connected: 2 },
      teltonika: { vehicles: 2, connected: 2 },
    });
    expect(stats.acks).toBeGreaterThan(6);
    const imeis = new Set(vehicles.map((vehicle) => vehicle.imei));
    for (const [protocol, gateway] of Object.entries(gateways)) {
      expect(gateway.frames.every((frame) => frame.result.error === null)).toBe(true);
      for (const message of gateway.messages) {
        expect(message.protocol).toBe(protocol);
        expect(imeis.has(message.imei ?? '')).toBe(true);
        expect(message.checksumOk).not.toBe(false);
        if (message.lat !== null && message.lon !== null) {
          expect(message.lat).toBeGreaterThan(22.6);
          expect(message.lat).toBeLessThan(22.8);
          expect(message.lon).toBeGreaterThan(75.75);
          expect(message.lon).toBeLessThan(75.95);
        }
      }
      expect(gateway.messages[0]?.kind).toBe('login');
    }

    await simulator.stop();
    expect(simulator.stats().connected).toBe(0);
  }, 20_000);
});
