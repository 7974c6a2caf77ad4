/**
 * One query per result kind of the global search (spec 01 §2.9, §3 "Search results"): devices, vehicles, users.
 *
 * Why prefix and suffix, not any substring: a substring (`ILIKE '%term%'`) cannot use a btree index, and the trigram
 * indexes that can (pg_trgm) are not loaded by our PGlite opening (db/client.ts); a scan of 100k devices costs
 * ~400 ms on PGlite. What people type into the header search is the start or the end of an identifier (the last
 * digits of an IMEI or phone, "MP09AB" or "AB1234" of a registration number) or the start of a name or e-mail, and
 * both are a range scan on a btree expression index (migration 0008_search_indexes):
 *   - `x collate "C"` in the range [term, term with its last character incremented) — what `LIKE 'term%'` means —
 *     on the value, and on `reverse(value)` for the end;
 *   - `collate "C"` makes that range byte order whatever the database collation.
 * Each matching rule is one branch `ORDER BY <indexed expression> LIMIT n`, so a branch reads at most n index entries
 * that pass the scope filter, even for a one-letter term; the branches' ids are then joined to the result columns.
 * A term that matches only inside a value (neither start nor end) is not found.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SearchResult } from '@civicfleet/shared';
import { rows, type Db } from '../../db/client.ts';
import { devices, users, vehicles } from '../../db/schema/index.ts';
import { registrationKey as normalisedRegistration } from '../../db/schema/vehicles.ts';
import type { OrgIds } from '../organisation/scope.ts';

export interface SearchArgs {
  orgIds: OrgIds;
  /** Trimmed, non-empty search text. */
  term: string;
  limit: number;
}

/** What a matching value starts with (the term itself). */
function startsWith(term: string): string {
  return term;
}

/** The same match on the reversed value: the value ends with `term`. */
function endsWith(term: string): string {
  return [...term].reverse().join('');
}

/**
 * The least string greater than every string starting with `prefix` in byte order (`collate "C"`: UTF-8 byte order
 * is code-point order): the prefix with its last code point incremented. Undefined when there is none (empty, or the
 * last code point is the highest, or the increment would land on a surrogate).
 */
function prefixEnd(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff || last === 0xd7ff) return undefined;
  return chars.join('') + String.fromCodePoint(last + 1);
}

/**
 * `<indexed expression> >= prefix AND < prefixEnd … ORDER BY <indexed expression> LIMIT n`: one bounded index range
 * scan. A range with parameters (not `LIKE 'prefix%'`) keeps its index in PostgreSQL's generic plan, so a named
 * statement (db/client.ts) is planned once per connection instead of on every search (the planning of these unions
 * cost more CPU than running them).
 */
function branch(select: SQL, key: SQL, prefix: string, where: SQL, limit: number): SQL {
  const end = prefixEnd(prefix);
  const match =
    end === undefined
      ? sql`${key} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : sql`${key} >= ${prefix} and ${key} < ${end}`;
  return sql`(${select} and ${match} and ${where} order by ${key} limit ${literalLimit(limit)})`;
}

/**
 * LIMIT written into the text, not a parameter: with a parameter PostgreSQL's generic plan assumes a tenth of the
 * rows and never beats the custom one, so every search would be planned again.
 */
function literalLimit(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  return sql.raw(String(limit));
}

const unionAll = (branches: SQL[]): SQL => sql.join(branches, sql` union all `);
/**
 * The caller's scope as a filter the planner cannot serve from the organisation index (`+ 0`): otherwise it may read
 * every row of the organisation and sort them, where the ordered range scan of a branch stops after `limit` rows in
 * scope (bench/search.bench.ts on PGlite: the scoped p95 went from 47 ms to 27 ms, the unscoped one is 23 ms).
 */
const scoped = (orgIds: OrgIds, column: AnyPgColumn): SQL =>
  orgIds === 'all' ? sql`true` : (inArray(sql`(${column} + 0)`, orgIds) ?? sql`false`);

/** Upper case, no spaces or dashes: how IMEIs, ICCIDs and registration numbers are compared. */
const identifierKey = (term: string): string => term.toUpperCase().replace(/[^0-9A-Z]/g, '');

const imeiKey = sql`(${devices.imei} collate "C")`;
const imeiRevKey = sql`(reverse(${devices.imei}) collate "C")`;
const iccidKey = sql`(upper(${devices.iccid}) collate "C")`;
const iccidRevKey = sql`(reverse(upper(${devices.iccid})) collate "C")`;

/**
 * Ids of devices whose IMEI or ICCID starts or ends with the term (deleted ones excluded, `where` applied). IMEIs and
 * ICCIDs are digits (an ICCID may end in a hex check letter): a term without a digit skips them (names, "MP").
 */
function deviceIdBranches(term: string, where: SQL, limit: number, select: SQL): SQL[] {
  const key = identifierKey(term);
  if (!/\d/.test(key)) return [];
  return [
    branch(select, imeiKey, startsWith(key), where, limit),
    branch(select, imeiRevKey, endsWith(key), where, limit),
    branch(select, iccidKey, startsWith(key), where, limit),
    branch(select, iccidRevKey, endsWith(key), where, limit),
  ];
}

interface DeviceRow {
  id: string;
  imei: string;
  iccid: string | null;
  esimProvider: string | null;
  status: string;
  brandName: string | null;
}

/** Devices by IMEI or ICCID; `active` = fitted on a vehicle (INSTALLED). Devices have no name column. */
export async function searchDevices(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Devices']> {
  const where = sql`not ${devices.deleted} and ${scoped(orgIds, devices.organisationId)}`;
  const branches = deviceIdBranches(term, where, limit, sql`select ${devices.id} from ${devices} where true`);
  if (branches.length === 0) return [];
  const found = await rows<DeviceRow>(
    db,
    sql`select d.id::text as "id", d.imei, d.iccid, d.esim_provider as "esimProvider", d.status,
          o.brand_name as "brandName"
        from devices d join organisations o on o.id = d.organisation_id
        where d.id in (${unionAll(branches)})
        order by d.imei, d.id
        limit ${literalLimit(limit)}`,
  );
  return found.map((r) => ({
    id: r.id,
    name: null,
    imei: r.imei,
    iccid: r.iccid,
    eSimProvider: r.esimProvider,
    active: r.status === 'INSTALLED',
    organisation: { brandName: r.brandName },
  }));
}

const registrationKey = sql`(${normalisedRegistration(vehicles.registrationNumber)} collate "C")`;
const registrationRevKey = sql`(reverse(${normalisedRegistration(vehicles.registrationNumber)}) collate "C")`;

/** Vehicles of a device branch may sit in another organisation than the device: read more, filter after. */
const LINKED_DEVICE_FACTOR = 5;

interface VehicleRow {
  id: string;
  registrationNumber: string;
  isTrackingActivated: boolean;
  imei: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  brandName: string | null;
}

/** Vehicles by registration number or the IMEI / ICCID of their current device (open link, device not deleted). */
export async function searchVehicles(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Vehicles']> {
  const key = identifierKey(term);
  if (key === '') return [];
  const where = sql`not ${vehicles.deleted} and ${scoped(orgIds, vehicles.organisationId)}`;
  const byVehicle = sql`select ${vehicles.id} from ${vehicles} where true`;
  const byDevice = sql`select l.vehicle_id from ${devices}
    join vehicle_device_links l on l.device_id = ${devices.id} and l.unlinked_at is null where true`;
  const branches = [
    branch(byVehicle, registrationKey, startsWith(key), where, limit),
    branch(byVehicle, registrationRevKey, endsWith(key), where, limit),
    ...deviceIdBranches(term, sql`not ${devices.deleted}`, limit * LINKED_DEVICE_FACTOR, byDevice),
  ];
  const found = await rows<VehicleRow>(
    db,
    sql`select vehicles.id::text as "id", vehicles.registration_number as "registrationNumber",
          vehicles.is_tracking_activated as "isTrackingActivated", d.imei,
          u.first_name as "ownerFirstName", u.last_name as "ownerLastName", o.brand_name as "brandName"
        from vehicles
        join organisations o on o.id = vehicles.organisation_id
        left join vehicle_device_links l on l.vehicle_id = vehicles.id and l.unlinked_at is null
        left join devices d on d.id = l.device_id and not d.deleted
        left join users u on u.id = vehicles.owner_user_id
        where vehicles.id in (${unionAll(branches)}) and ${where}
        order by vehicles.registration_number, vehicles.id
        limit ${literalLimit(limit)}`,
  );
  return found.map((r) => ({
    id: r.id,
    name: null,
    registrationNumber: r.registrationNumber,
    imei: r.imei,
    isTrackingActivated: r.isTrackingActivated,
    owner:
      r.ownerFirstName !== null && r.ownerLastName !== null
        ? { firstName: r.ownerFirstName, lastName: r.ownerLastName }
        : null,
    organisation: { brandName: r.brandName },
  }));
}

const fullNameKey = sql`(lower(${users.firstName} || ' ' || ${users.lastName}) collate "C")`;
const lastNameKey = sql`(lower(${users.lastName}) collate "C")`;
const emailKey = sql`(lower(${users.email}) collate "C")`;
const emailDomainKey = sql`(split_part(lower(${users.email}), '@', 2) collate "C")`;
const phoneKey = sql`(${users.phone} collate "C")`;
const phoneRevKey = sql`(reverse(${users.phone}) collate "C")`;

interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  isEnabled: boolean;
  roleName: string;
  brandName: string | null;
}

/** Users by the start of first, last or full name, e-mail or its domain, or by the start or end of the phone. */
export async function searchUsers(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Users']> {
  const where = sql`not ${users.deleted} and ${scoped(orgIds, users.organisationId)}`;
  const select = sql`select ${users.id} from ${users} where true`;
  const text = term.toLowerCase().replace(/\s+/g, ' ');
  const digits = term.replace(/[\s-]/g, '');
  // Names hold letters: a term without one (a phone, an IMEI) only looks at e-mail and phone.
  const hasLetter = /\p{L}/u.test(text);
  const branches = [
    ...(hasLetter
      ? [
          branch(select, fullNameKey, startsWith(text), where, limit),
          branch(select, lastNameKey, startsWith(text), where, limit),
        ]
      : []),
    branch(select, emailKey, startsWith(text), where, limit),
    branch(select, emailDomainKey, startsWith(text), where, limit),
  ];
  if (/^\+?\d+$/.test(digits)) {
    // Phones are stored +91XXXXXXXXXX: "98765" is the start of the number after the prefix, "43210" its end.
    const local = digits.startsWith('+') ? digits : `+91${digits}`;
    branches.push(
      branch(select, phoneKey, startsWith(local), where, limit),
      branch(select, phoneRevKey, endsWith(digits), where, limit),
    );
  }
  const found = await rows<UserRow>(
    db,
    sql`select u.id::text as "id", u.first_name as "firstName", u.last_name as "lastName", u.phone, u.email,
          u.is_enabled as "isEnabled", r.name as "roleName", o.brand_name as "brandName"
        from users u
        join roles r on r.id = u.role_id
        join organisations o on o.id = u.organisation_id
        where u.id in (${unionAll(branches)})
        order by u.first_name, u.last_name, u.id
        limit ${literalLimit(limit)}`,
  );
  return found.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    email: r.email,
    isEnabled: r.isEnabled,
    role: { name: r.roleName },
    organisation: { brandName: r.brandName },
  }));
}
