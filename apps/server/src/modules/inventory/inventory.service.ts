/**
 * Inventory panel rules (spec 02 §7 "Wallet and inventory"): stock by status per organisation and model, fitment
 * counts per vendor and period, and a device search across stock, fitments and SIM orders — all within the caller's
 * organisation subtree (SUPER_ADMIN: all).
 */
import {
  DEVICE_STATUSES,
  INVENTORY_SEARCH_LIMIT,
  type FitmentCounts,
  type FitmentCountsQuery,
  type InventoryActivationCounts,
  type InventorySearchQuery,
  type InventorySearchResult,
  type InventoryStatusCounts,
  type StockCounts,
  type StockCountsQuery,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { canSeeOrganisation } from '../organisation/scope.ts';
import * as repo from './inventory.repository.ts';

/** India has no daylight saving: the Asia/Kolkata calendar date is UTC + 5:30. */
const IST_OFFSET_MS = 330 * 60_000;
export const MAX_DAY_RANGE_DAYS = 366;
export const DAY_RANGE_MESSAGE = `A day-by-day count covers at most ${MAX_DAY_RANGE_DAYS} days; group by month instead.`;

export function kolkataDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month `months` before the month of `isoDate`. */
function monthStart(isoDate: string, monthsBack: number): string {
  const d = new Date(`${isoDate.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const ref = (o: { id: bigint; tradeName: string; kind: InventoryStatusRef['kind'] }) => ({
  id: String(o.id),
  tradeName: o.tradeName,
  kind: o.kind,
});
type InventoryStatusRef = StockCounts['rows'][number]['organisation'];

export function createInventoryService({ db, clock }: { db: Db; clock: Clock }) {
  async function scopedOrganisation(auth: AuthContext, id: string | undefined): Promise<bigint | undefined> {
    if (id === undefined) return undefined;
    const organisationId = BigInt(id);
    if (!canSeeOrganisation(auth, organisationId) || !(await repo.organisationExists(db, organisationId))) {
      throw new NotFoundError('Organisation not found.');
    }
    return organisationId;
  }

  return {
    async stockCounts(auth: AuthContext, query: StockCountsQuery): Promise<StockCounts> {
      const organisationId = await scopedOrganisation(auth, query.organisationId);
      const found = await repo.stockCounts(db, auth.orgIds, organisationId);
      const totals: InventoryStatusCounts = { NEW: 0, ALLOCATED: 0, INSTALLED: 0, DEFECTED: 0, total: 0 };
      const rows = found.map((row) => {
        const counts: InventoryStatusCounts = {
          NEW: row.NEW,
          ALLOCATED: row.ALLOCATED,
          INSTALLED: row.INSTALLED,
          DEFECTED: row.DEFECTED,
          total: row.total,
        };
        for (const key of [...DEVICE_STATUSES, 'total'] as const) totals[key] += counts[key];
        return { organisation: ref(row.organisation), model: row.model, counts };
      });
      return { statuses: [...DEVICE_STATUSES], rows, totals };
    },

    /** Default range: the last 12 calendar months (by month) or the last 30 days (by day), up to today in Kolkata. */
    async fitmentCounts(auth: AuthContext, query: FitmentCountsQuery): Promise<FitmentCounts> {
      const organisationId = await scopedOrganisation(auth, query.organisationId);
      const toDate = query.toDate ?? kolkataDate(clock());
      const fromDate =
        query.fromDate ?? (query.groupBy === 'day' ? addDays(toDate, -29) : monthStart(toDate, 11));
      if (fromDate > toDate) {
        throw new BadRequestError('From Date must not be after To Date', {
          toDate: 'From Date must not be after To Date',
        });
      }
      if (query.groupBy === 'day' && daysBetween(fromDate, toDate) >= MAX_DAY_RANGE_DAYS) {
        throw new BadRequestError(DAY_RANGE_MESSAGE, { fromDate: DAY_RANGE_MESSAGE });
      }
      const found = await repo.fitmentCounts(db, {
        orgIds: auth.orgIds,
        organisationId,
        fromDate,
        toDate,
        groupBy: query.groupBy,
      });
      const totals: InventoryActivationCounts = { approved: 0, pending: 0, total: 0 };
      const rows = found.map((row) => {
        totals.approved += row.approved;
        totals.pending += row.pending;
        totals.total += row.total;
        return {
          organisation: ref(row.organisation),
          period: row.period,
          counts: { approved: row.approved, pending: row.pending, total: row.total },
        };
      });
      return { fromDate, toDate, groupBy: query.groupBy, rows, totals };
    },

    async search(
      auth: AuthContext,
      term: string,
      query: InventorySearchQuery,
    ): Promise<InventorySearchResult> {
      const wants = (feature: NonNullable<InventorySearchQuery['inFeature']>) =>
        query.inFeature === undefined || query.inFeature === feature;
      const [stock, fitments, simOrders] = await Promise.all([
        wants('stock') ? repo.searchStock(db, auth.orgIds, term, INVENTORY_SEARCH_LIMIT) : [],
        wants('fitment') ? repo.searchFitments(db, auth.orgIds, term, INVENTORY_SEARCH_LIMIT) : [],
        wants('sim') ? repo.searchSimOrders(db, auth.orgIds, term, INVENTORY_SEARCH_LIMIT) : [],
      ]);
      return {
        term,
        stock: stock.map((d) => ({
          deviceId: String(d.id),
          imei: d.imei,
          iccid: d.iccid,
          sim1: d.sim1,
          sim2: d.sim2,
          status: d.status,
          model: d.model,
          organisation: ref(d.organisation),
          vehicle:
            d.vehicleId === null || d.registrationNumber === null
              ? null
              : { id: String(d.vehicleId), registrationNumber: d.registrationNumber },
        })),
        fitments: fitments.map((f) => ({
          fitmentId: String(f.id),
          imei: f.imei,
          registrationNumber: f.registrationNumber,
          vendor: ref(f.vendor),
          fitmentDate: f.fitmentDate,
          activationStatus: f.activationStatus,
          expiresOn: f.expiresOn,
        })),
        simOrders: simOrders.map((o) => ({
          orderId: String(o.id),
          imei: o.imei,
          status: o.status,
          isSimActivated: o.isSimActivated,
          organisation: ref(o.organisation),
          manufacturer:
            o.manufacturerId === null || o.manufacturerName === null || o.manufacturerKind === null
              ? null
              : { id: String(o.manufacturerId), tradeName: o.manufacturerName, kind: o.manufacturerKind },
          createdAt: o.createdAt.toISOString(),
        })),
      };
    },
  };
}
