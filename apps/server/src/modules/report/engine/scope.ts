/**
 * Resolves a report filter against the caller (docs/reports.md "Filters"): what the caller cannot see answers 404 as
 * everywhere else, wards must lie inside the chosen zones, the range is turned into local days of the organisation's
 * time zone, and the vehicles are listed once with their division and group names.
 */
import { sqlIdList } from './sql-lists.ts';
import type { ReportFilterBase, ReportMeta } from '@civicfleet/shared';
import { REPORT_MESSAGES } from '@civicfleet/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../../db/client.ts';
import { visibleOrganisationIds } from '../../../db/organisation-scope.ts';
import { localDayOf, localDayStartMs, nextLocalDay } from '../../../derive/local-day.ts';
import { inheritDeriveSettings } from '../../../gateway/ingest/derive-context-db.ts';
import { BadRequestError, NotFoundError } from '../../../http/errors.ts';
import type { AuthContext, Clock } from '../../../http/types.ts';
import { findDeriveSettingsChain } from '../../organisation/organisation.repository.ts';
import type { ReportScope, ReportVehicle } from './types.ts';

const inScope = (orgIds: bigint[] | 'all', column: SQL): SQL =>
  orgIds === 'all'
    ? sql`true`
    : orgIds.length === 0
      ? sql`false`
      : sql`${column} in (${sql.join(orgIds, sql`, `)})`;

async function organisationScope(db: Db, auth: AuthContext, organisationId: string | undefined) {
  if (organisationId === undefined) return auth.orgIds;
  const id = BigInt(organisationId);
  if (auth.orgIds !== 'all' && !auth.orgIds.includes(id))
    throw new NotFoundError(REPORT_MESSAGES.organisation);
  const subtree = await visibleOrganisationIds(db, id);
  if (subtree.length === 0) throw new NotFoundError(REPORT_MESSAGES.organisation);
  return subtree;
}

interface DivisionRow {
  id: string;
  type: string;
  zone_id: string | null;
}

/** Zones and wards of the filter, checked: visible, of the right type, wards inside the chosen zones. */
async function checkDivisions(db: Db, orgIds: bigint[] | 'all', zoneIds: string[], wardIds: string[]) {
  const wanted = [...new Set([...zoneIds, ...wardIds])];
  if (wanted.length === 0) return;
  const found = await rows<DivisionRow>(
    db,
    sql`select d.id::text as id, d.type,
               coalesce(z2.id, z1.id)::text as zone_id
          from admin_divisions d
          left join admin_divisions p1 on p1.id = d.parent_id
          left join admin_divisions z1 on z1.id = p1.id and z1.type = 'ZONE'
          left join admin_divisions z2 on z2.id = p1.parent_id and z2.type = 'ZONE'
         where d.id in (${sqlIdList(wanted)}) and ${inScope(orgIds, sql`d.organisation_id`)}`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const id of zoneIds)
    if (byId.get(id)?.type !== 'ZONE') throw new NotFoundError(REPORT_MESSAGES.division);
  for (const id of wardIds) {
    const ward = byId.get(id);
    if (ward?.type !== 'WARD') throw new NotFoundError(REPORT_MESSAGES.division);
    if (zoneIds.length > 0 && (ward.zone_id === null || !zoneIds.includes(ward.zone_id))) {
      throw new BadRequestError(REPORT_MESSAGES.wardOutsideZones);
    }
  }
}

interface VehicleRow {
  id: string;
  organisation_id: string;
  registration_number: string;
  model: string | null;
  kind: string | null;
  type: string | null;
  group_id: string | null;
  group_name: string | null;
  zone_id: string | null;
  zone_name: string | null;
  circle_id: string | null;
  circle_name: string | null;
  ward_id: string | null;
  ward_name: string | null;
  contractor_organisation_id: string | null;
  speed_limit_kph: number | null;
}

const big = (v: string | null) => (v === null ? null : BigInt(v));

/** The vehicles a filter selects (not deleted), sorted by zone, ward and registration number. */
export async function listReportVehicles(
  db: Db,
  orgIds: bigint[] | 'all',
  filter: Pick<ReportFilterBase, 'groupId' | 'models' | 'zoneIds' | 'wardIds' | 'vehicleId'>,
): Promise<ReportVehicle[]> {
  const where: SQL[] = [sql`not v.deleted`, inScope(orgIds, sql`v.organisation_id`)];
  if (filter.groupId) where.push(sql`v.group_id = ${BigInt(filter.groupId)}`);
  if (filter.vehicleId) where.push(sql`v.id = ${BigInt(filter.vehicleId)}`);
  if (filter.zoneIds?.length) where.push(sql`v.zone_id in (${sqlIdList(filter.zoneIds)})`);
  if (filter.wardIds?.length) where.push(sql`v.ward_id in (${sqlIdList(filter.wardIds)})`);
  if (filter.models?.length) {
    where.push(
      sql`coalesce(v.model, '') in (${sql.join(
        filter.models.map((m) => sql`${m}`),
        sql`, `,
      )})`,
    );
  }
  const found = await rows<VehicleRow>(
    db,
    sql`select v.id::text as id, v.organisation_id::text as organisation_id, v.registration_number, v.model, v.kind,
               v.type, v.group_id::text as group_id, g.name as group_name, v.zone_id::text as zone_id,
               z.name as zone_name, v.circle_id::text as circle_id, c.name as circle_name,
               v.ward_id::text as ward_id, w.name as ward_name,
               v.contractor_organisation_id::text as contractor_organisation_id, v.speed_limit_kph
          from vehicles v
          left join groups g on g.id = v.group_id
          left join admin_divisions z on z.id = v.zone_id
          left join admin_divisions c on c.id = v.circle_id
          left join admin_divisions w on w.id = v.ward_id
         where ${sql.join(where, sql` and `)}
         order by z.name nulls last, w.name nulls last, v.registration_number, v.id`,
  );
  return found.map((r) => ({
    id: BigInt(r.id),
    organisationId: BigInt(r.organisation_id),
    registrationNumber: r.registration_number,
    model: r.model,
    kind: r.kind,
    type: r.type,
    groupId: big(r.group_id),
    groupName: r.group_name,
    zoneId: big(r.zone_id),
    zoneName: r.zone_name,
    circleId: big(r.circle_id),
    circleName: r.circle_name,
    wardId: big(r.ward_id),
    wardName: r.ward_name,
    contractorOrganisationId: big(r.contractor_organisation_id),
    speedLimitKph: r.speed_limit_kph === null ? null : Number(r.speed_limit_kph),
  }));
}

/** Local days from..to inclusive. */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay && days.length < 3700; day = nextLocalDay(day)) days.push(day);
  return days;
}

export async function resolveReportScope(
  db: Db,
  auth: AuthContext,
  meta: ReportMeta,
  filter: ReportFilterBase,
  clock: Clock,
): Promise<ReportScope> {
  const orgIds = await organisationScope(db, auth, filter.organisationId);
  if (filter.groupId) {
    const [group] = await rows<{ id: string }>(
      db,
      sql`select id::text as id from groups where id = ${BigInt(filter.groupId)} and ${inScope(orgIds, sql`organisation_id`)}`,
    );
    if (!group) throw new NotFoundError(REPORT_MESSAGES.group);
  }
  await checkDivisions(db, orgIds, filter.zoneIds ?? [], filter.wardIds ?? []);
  if (meta.range === 'required' && (!filter.from || !filter.to))
    throw new BadRequestError(REPORT_MESSAGES.rangeRequired);

  const settingsOrg = filter.organisationId ? BigInt(filter.organisationId) : auth.organisationId;
  const settings = inheritDeriveSettings(await findDeriveSettingsChain(db, settingsOrg));
  const timeZone = settings.timeZone;
  // Without a range: today so far; with only one end: that end's day.
  const to = filter.to
    ? new Date(filter.to)
    : filter.from
      ? new Date(Math.max(Date.parse(filter.from), clock().getTime()))
      : clock();
  const from = filter.from
    ? new Date(filter.from)
    : new Date(localDayStartMs(localDayOf(to.getTime(), timeZone), timeZone));
  const fromDay = localDayOf(from.getTime(), timeZone);
  const toDay = localDayOf(to.getTime(), timeZone);
  const days = daysBetween(fromDay, toDay);
  if (meta.maxDays !== null && days.length > meta.maxDays)
    throw new BadRequestError(REPORT_MESSAGES.tooLong(meta.maxDays));

  if (filter.vehicleId) {
    const [vehicle] = await rows<{ id: string }>(
      db,
      sql`select id::text as id from vehicles
           where id = ${BigInt(filter.vehicleId)} and not deleted and ${inScope(orgIds, sql`organisation_id`)}`,
    );
    if (!vehicle) throw new NotFoundError(REPORT_MESSAGES.vehicle);
  }
  const vehicles = await listReportVehicles(db, orgIds, filter);
  return { organisationIds: orgIds, vehicles, from, to, fromDay, toDay, days, timeZone, settings };
}
