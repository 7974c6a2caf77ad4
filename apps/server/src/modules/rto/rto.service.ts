/** RTO reference data: the states (a constant) and the RTOs per state; CSV import for SUPER_ADMIN. */
import {
  INDIAN_STATES,
  INDIAN_STATE_CODES,
  type RtoImportInput,
  type RtoImportResult,
  type RtoList,
  type RtoQuery,
  type State,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../organisation/scope.ts';
import { parseCsv } from './csv.ts';
import * as repo from './rto.repository.ts';

export const MAX_IMPORT_ROWS = 5000;
export const RTO_HEADER_MESSAGE = 'The first line must name the columns state, code and name';
const STATE_CODES = new Set<string>(INDIAN_STATE_CODES);

export function createRtoService({ db }: { db: Db }) {
  return {
    states(): State[] {
      return INDIAN_STATES.map((s) => ({ ...s }));
    },

    /** spec 02 §3 "RTO list response": `{ <state>: { no: { <code>: <name> } } }`. */
    async list(query: RtoQuery): Promise<RtoList> {
      const result: RtoList = {};
      if (query.state !== undefined) result[query.state] = { no: {} };
      for (const r of await repo.listRtos(db, query.state)) {
        const state = (result[r.stateCode] ??= { no: {} });
        state.no[r.code] = r.name;
      }
      return result;
    },

    /** Each row is checked on its own: bad rows are reported by line, good ones are saved (one transaction). */
    async importCsv({ auth, ip }: Actor, input: RtoImportInput): Promise<RtoImportResult> {
      const [header, ...rows] = parseCsv(input.csv);
      const columns = (header?.fields ?? []).map((f) => f.trim().toLowerCase());
      const at = {
        state: columns.indexOf('state'),
        code: columns.indexOf('code'),
        name: columns.indexOf('name'),
      };
      if (at.state < 0 || at.code < 0 || at.name < 0)
        throw new BadRequestError(RTO_HEADER_MESSAGE, { csv: RTO_HEADER_MESSAGE });
      if (rows.length > MAX_IMPORT_ROWS) {
        const message = `At most ${MAX_IMPORT_ROWS} rows can be imported at once`;
        throw new BadRequestError(message, { csv: message });
      }
      const result: RtoImportResult = { inserted: 0, updated: 0, errors: [] };
      const valid: Array<{ stateCode: string; code: string; name: string }> = [];
      for (const row of rows) {
        const stateCode = (row.fields[at.state] ?? '').trim().toUpperCase();
        const code = (row.fields[at.code] ?? '').trim().toUpperCase();
        const name = (row.fields[at.name] ?? '').trim();
        if (!STATE_CODES.has(stateCode))
          result.errors.push({ line: row.line, message: `Unknown state code "${stateCode}"` });
        else if (!/^[0-9A-Z]{1,4}$/.test(code))
          result.errors.push({ line: row.line, message: 'The code must be 1 to 4 letters or digits' });
        else if (name === '' || name.length > 100)
          result.errors.push({ line: row.line, message: 'The name must be 1 to 100 characters' });
        else valid.push({ stateCode, code: /^\d$/.test(code) ? `0${code}` : code, name });
      }
      await db.transaction(async (tx) => {
        for (const row of valid) {
          if (await repo.upsertRto(tx, row)) result.inserted += 1;
          else result.updated += 1;
        }
        await recordAudit(tx, {
          action: 'rto.imported',
          actorUserId: auth.userId,
          organisationId: auth.organisationId,
          entity: 'rto',
          detail: { inserted: result.inserted, updated: result.updated, refused: result.errors.length },
          ip,
        });
      });
      return result;
    },
  };
}
