/** /v1/rto: states, the RTO list shape of spec 02 §3, CSV import by SUPER_ADMIN only. */
import { describe, expect, it } from 'vitest';
import type { RtoImportResult, RtoList, State } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { parseCsv } from './csv.ts';

describe('/v1/rto', () => {
  const t = useTestApp();

  it('lists the 28 states and 8 union territories', async () => {
    const res = await t.call('FITTER', 'GET', '/v1/rto/states');
    expect(res.statusCode).toBe(200);
    const states = res.json<{ data: State[] }>().data;
    expect(states.filter((s) => s.kind === 'STATE')).toHaveLength(28);
    expect(states.filter((s) => s.kind === 'UT')).toHaveLength(8);
    expect(states).toContainEqual({ code: 'MP', name: 'Madhya Pradesh', kind: 'STATE' });
  });

  it('answers the RTO list keyed by state with a "no" map', async () => {
    const res = await t.call('RFC', 'GET', '/v1/rto?state=mp');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: RtoList }>().data;
    expect(Object.keys(list)).toEqual(['MP']);
    expect(list.MP?.no).toMatchObject({ '04': 'Bhopal', '09': 'Indore', '20': 'Jabalpur' });
    expect((await t.call('RFC', 'GET', '/v1/rto?state=DL')).json<{ data: RtoList }>().data).toEqual({
      DL: { no: {} },
    });
    const bad = await t.call('RFC', 'GET', '/v1/rto?state=XX');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'The state must be a state or union territory code such as MP',
    });
    expect((await t.app.inject({ method: 'GET', url: '/v1/rto' })).statusCode).toBe(401);
  });

  it('imports RTOs from CSV (SUPER_ADMIN only), reporting bad rows by line', async () => {
    const csv =
      'State,Code,Name\nDL,1,Mall Road\r\nDL,03,"Sheikh Sarai, South"\nXX,01,Nowhere\nMP,09,Indore (RTO)\nMH,,Pune\n';
    const res = await t.call('SUPER_ADMIN', 'POST', '/v1/rto/import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: RtoImportResult }>().data).toEqual({
      inserted: 2,
      updated: 1,
      errors: [
        { line: 4, message: 'Unknown state code "XX"' },
        { line: 6, message: 'The code must be 1 to 4 letters or digits' },
      ],
    });
    const dl = (await t.call('ADMIN', 'GET', '/v1/rto?state=DL')).json<{ data: RtoList }>().data;
    expect(dl).toEqual({ DL: { no: { '01': 'Mall Road', '03': 'Sheikh Sarai, South' } } });
    expect((await t.call('ADMIN', 'POST', '/v1/rto/import', { csv })).statusCode).toBe(403);
    const header = await t.call('SUPER_ADMIN', 'POST', '/v1/rto/import', { csv: 'a,b\nDL,1' });
    expect(header.json()).toMatchObject({
      message: 'The first line must name the columns state, code and name',
    });
  });

  it('reads quoted CSV fields across lines', () => {
    expect(parseCsv('a,"b ""x""\ny",c\n\n1,2,3')).toEqual([
      { line: 1, fields: ['a', 'b "x"\ny', 'c'] },
      { line: 4, fields: ['1', '2', '3'] },
    ]);
  });
});
