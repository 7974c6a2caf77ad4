/**
 * Reference RTOs, ensured at every start (like the roles): Madhya Pradesh's main district offices (MP-04 Bhopal,
 * MP-09 Indore …). Other states come through POST /v1/rto/import (SUPER_ADMIN). Existing rows are left alone.
 */
import type { Db } from '../client.ts';
import { rtos } from '../schema/index.ts';

export const MP_RTOS: ReadonlyArray<[code: string, name: string]> = [
  ['04', 'Bhopal'],
  ['05', 'Narmadapuram (Hoshangabad)'],
  ['06', 'Morena'],
  ['07', 'Gwalior'],
  ['08', 'Guna'],
  ['09', 'Indore'],
  ['10', 'Khargone'],
  ['11', 'Dhar'],
  ['12', 'Khandwa'],
  ['13', 'Ujjain'],
  ['14', 'Mandsaur'],
  ['15', 'Sagar'],
  ['16', 'Chhatarpur'],
  ['17', 'Rewa'],
  ['18', 'Shahdol'],
  ['19', 'Satna'],
  ['20', 'Jabalpur'],
  ['21', 'Katni'],
  ['22', 'Seoni'],
  ['28', 'Chhindwara'],
  ['30', 'Bhind'],
  ['33', 'Shivpuri'],
  ['41', 'Dewas'],
  ['43', 'Ratlam'],
  ['48', 'Betul'],
  ['50', 'Balaghat'],
];

export async function ensureReferenceRtos(db: Db): Promise<void> {
  await db
    .insert(rtos)
    .values(MP_RTOS.map(([code, name]) => ({ stateCode: 'MP', code, name })))
    .onConflictDoNothing({ target: [rtos.stateCode, rtos.code] });
}
