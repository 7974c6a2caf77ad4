/** Column helpers shared by every table: bigint identity ids (bigint in JS) and timestamptz times. */
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const id = () => bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'bigint' });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
