/** The vehicle's contractor organisation (SWM scorecards): set, kept, cleared, and checked (CONTRACTOR, in scope). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@civicfleet/shared';
import { organisations } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';

const MESSAGE = 'Choose a contractor organisation within your organisations.';

describe('/v1/vehicle contractorOrganisationId', () => {
  const t = useTestApp();
  let contractor: bigint;
  let bhopalContractor: bigint;
  let indore: bigint;

  const addContractor = async (parentId: bigint, tradeName: string) => {
    const [row] = await t.db
      .insert(organisations)
      .values({ kind: 'CONTRACTOR', parentId, tradeName })
      .returning({ id: organisations.id });
    if (!row) throw new Error('no contractor');
    return row.id;
  };

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    contractor = await addContractor(indore, 'Malwa Waste Services');
    bhopalContractor = await addContractor(await organisationId(t.db, BHOPAL), 'Bhoj Clean');
  });

  it('sets, keeps when left out, and clears the contractor', async () => {
    const res = await t.call('ADMIN', 'POST', '/v1/vehicle', {
      registrationNumber: 'MP09CT0001',
      contractorOrganisationId: String(contractor),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ data: Vehicle }>().data;
    expect(created.contractorOrganisationId).toBe(String(contractor));
    const kept = await t.call('ADMIN', 'PUT', `/v1/vehicle/${created.id}`, {
      registrationNumber: 'MP09CT0001',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ data: Vehicle }>().data.contractorOrganisationId).toBe(String(contractor));
    const got = await t.call('ADMIN', 'GET', `/v1/vehicle/${created.id}`);
    expect(got.json<{ data: Vehicle }>().data.contractorOrganisationId).toBe(String(contractor));
    const cleared = await t.call('ADMIN', 'PUT', `/v1/vehicle/${created.id}`, {
      registrationNumber: 'MP09CT0001',
      contractorOrganisationId: null,
    });
    expect(cleared.json<{ data: Vehicle }>().data.contractorOrganisationId).toBeNull();
  });

  it('refuses an organisation that is not a contractor in scope', async () => {
    for (const id of [indore, bhopalContractor, 999_999n]) {
      const res = await t.call('ADMIN', 'POST', '/v1/vehicle', {
        registrationNumber: 'MP09CT0002',
        contractorOrganisationId: String(id),
      });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGE, errors: { contractorOrganisationId: MESSAGE } });
    }
    const bad = await t.call('ADMIN', 'POST', '/v1/vehicle', {
      registrationNumber: 'MP09CT0002',
      contractorOrganisationId: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});
