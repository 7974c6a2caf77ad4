/** The provider path of the ReverseGeocoder with a fake provider: shared and bounded requests. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import type { GeocodeProvider, ProviderAnswer } from './provider.ts';
import { MAX_PROVIDER_REQUESTS, createReverseGeocoder } from './reverse-geocoder.ts';

describe('ReverseGeocoder and a slow provider', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test?.close();
  });

  it('makes one request per place for concurrent asks, and at most MAX_PROVIDER_REQUESTS at once', async () => {
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const provider: GeocodeProvider = {
      name: 'fake',
      async lookup(lat, lon): Promise<ProviderAnswer> {
        asked.push(`${lat},${lon}`);
        await gate;
        return { address: `Place ${lat.toFixed(2)}` };
      },
    };
    const geocoder = createReverseGeocoder({ db: test.db, provider });
    const places = Array.from({ length: MAX_PROVIDER_REQUESTS + 2 }, (_, i) => 22 + i / 100);
    // Every place twice: the second ask of a place joins the first one's request.
    const answers = places.flatMap((lat) => [lat, lat]).map((lat) => geocoder.reverse('all', lat, 76));
    // Each ask first looks in the cache (a query): on a busy machine that takes a while. Wait for the provider's
    // calls, then a little more to see that no further one starts.
    for (let waited = 0; asked.length < MAX_PROVIDER_REQUESTS && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(MAX_PROVIDER_REQUESTS);
    release();
    const results = await Promise.all(answers);
    expect(results.filter((r) => r.source === 'provider')).toHaveLength(2 * MAX_PROVIDER_REQUESTS);
    expect(results[0]).toEqual({ address: 'Place 22.00', source: 'provider' });
    // The busy ones were answered from own data (nothing known out there) and are asked again later.
    expect(results.at(-1)).toEqual({ address: null, source: 'none' });
    expect((await geocoder.reverse('all', places.at(-1) ?? 0, 76)).source).toBe('provider');
    expect(asked).toHaveLength(MAX_PROVIDER_REQUESTS + 1);
    geocoder.close();
  });
});
