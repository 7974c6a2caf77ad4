import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * Regional Transport Offices per state (reference data, spec 02 §3 "RTO list response"). The states themselves are a
 * constant (packages/shared rto.contract.ts `INDIAN_STATES`). `code` is the office number as on plates ("09").
 */
export const rtos = pgTable(
  'rtos',
  {
    id: id(),
    stateCode: text('state_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rtos_state_code_uq').on(t.stateCode, t.code)],
);
