/**
 * Citizen complaints (README.md): raise, edit, assign, note, resolve with GPS evidence, reopen. Each step locks the
 * complaint's row, checks the status rule (packages/shared domain/complaints.ts COMPLAINT_TRANSITIONS), updates the
 * row, appends a complaint_events row and an audit entry, in one transaction.
 */
import {
  canTakeComplaintStep,
  COMPLAINT_EVIDENCE_MAX_HOURS,
  COMPLAINT_MESSAGES as MSG,
  complaintSlaHours,
  type ComplaintAction,
  type ComplaintAssign,
  type ComplaintDetail,
  type ComplaintEvidence,
  type ComplaintEvidenceQuery,
  type ComplaintInput,
  type ComplaintListQuery,
  type ComplaintNote,
  type ComplaintPage,
  type ComplaintReopen,
  type ComplaintResolve,
  type ComplaintStatus,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { fenceBbox, fenceContains } from '../../derive/fences.ts';
import { fenceFromGeometry } from '../../gateway/ingest/derive-context-db.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { closestPasses, evidenceBbox, evidenceWindow } from './complaint-evidence.ts';
import { readEvidenceFixes } from './complaint-evidence.repository.ts';
import { slaStartOf, toComplaint, toDetail, toEvidence } from './complaint.mapping.ts';
import * as repo from './complaint.repository.ts';

const HOUR_MS = 3_600_000;

/** A value as text for "did this field change" (bigint ids and dates included). */
const comparable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

type Step = Exclude<ComplaintAction, 'raise'>;

/** The 409 for a step the complaint's status does not allow. */
function assertStep(status: ComplaintStatus, step: Step): void {
  if (canTakeComplaintStep(status, step)) return;
  if (step === 'reopen') throw new ConflictError(MSG.notResolved);
  if (step === 'resolve' && status === 'resolved') throw new ConflictError(MSG.alreadyResolved);
  throw new ConflictError(MSG.resolved);
}

/** The smallest ward (by bounding box) of the organisation whose polygon holds the point; null when none does. */
async function detectWard(db: Db, organisationId: bigint, point: { lat: number; lon: number }) {
  let best: { id: bigint; size: number } | null = null;
  for (const ward of await repo.listWardShapes(db, organisationId)) {
    const fence = fenceFromGeometry(String(ward.id), ward.geometry);
    if (!fence || !fenceContains(fence, point)) continue;
    const [minLon, minLat, maxLon, maxLat] = fenceBbox(fence);
    const size = (maxLon - minLon) * (maxLat - minLat);
    if (!best || size < best.size) best = { id: ward.id, size };
  }
  return best?.id ?? null;
}

export function createComplaintService({ db, clock }: { db: Db; clock: Clock }) {
  async function detail(from: Db, auth: AuthContext, id: bigint): Promise<ComplaintDetail> {
    const record = await repo.findComplaint(from, id, auth.orgIds);
    if (!record) throw new NotFoundError(MSG.notFound);
    return toDetail(record, await repo.listTimeline(from, id), clock());
  }

  /** The given ward (checked to be a ward of the organisation) or the one the location falls in. */
  async function wardFor(from: Db, organisationId: bigint, input: ComplaintInput): Promise<bigint | null> {
    if (input.wardId === null) return detectWard(from, organisationId, input);
    const ward = await repo.findWard(from, toId(input.wardId), organisationId);
    if (!ward) throw new BadRequestError(MSG.wardNotFound, { wardId: MSG.wardNotFound });
    return ward.id;
  }

  async function computeEvidence(
    from: Db,
    complaint: repo.ComplaintRow,
    args: { radiusM: number; hours?: number | undefined; now: Date; resolvedAt: Date | null },
  ): Promise<ComplaintEvidence> {
    const window = evidenceWindow({
      slaStartMs: slaStartOf(complaint).getTime(),
      resolvedAtMs: args.resolvedAt?.getTime() ?? null,
      nowMs: args.now.getTime(),
      hours: args.hours,
      maxHours: COMPLAINT_EVIDENCE_MAX_HOURS,
    });
    const center = { lat: complaint.lat, lon: complaint.lon };
    const start = new Date(window.fromMs);
    const end = new Date(window.toMs);
    const fixes = await readEvidenceFixes(from, {
      organisationId: complaint.organisationId,
      from: start,
      to: end,
      bbox: evidenceBbox(center, args.radiusM),
    });
    return toEvidence({
      ...center,
      radiusM: args.radiusM,
      from: start,
      to: end,
      computedAt: args.now,
      passes: closestPasses(fixes, center, args.radiusM),
    });
  }

  /**
   * One step on one complaint: `decide` sees the locked row and returns the change and the timeline entry.
   * Returns the complaint as it is after the step.
   */
  async function takeStep(
    { auth, ip }: Actor,
    id: bigint,
    step: Step,
    decide: (
      row: repo.ComplaintRow,
      now: Date,
      tx: Db,
    ) => Promise<{ change: repo.ComplaintChange; note?: string | null; attrs?: Record<string, unknown> }>,
  ): Promise<ComplaintDetail> {
    const now = clock();
    return db.transaction(async (tx) => {
      const row = await repo.lockComplaint(tx, id, auth.orgIds);
      if (!row) throw new NotFoundError(MSG.notFound);
      assertStep(row.status as ComplaintStatus, step);
      const { change, note, attrs } = await decide(row, now, tx);
      if (Object.keys(change).length > 0) await repo.updateComplaint(tx, id, change, now);
      await repo.insertEvent(tx, {
        complaintId: id,
        at: now,
        userId: auth.userId,
        action: step,
        note: note ?? null,
        attrs: attrs ?? null,
      });
      await recordAudit(tx, {
        action: `complaint.${step}`,
        actorUserId: auth.userId,
        organisationId: row.organisationId,
        entity: 'complaint',
        entityId: id,
        detail: { from: row.status, ...(attrs ?? {}) },
        ip,
        at: now,
      });
      return detail(tx, auth, id);
    });
  }

  return {
    async list(auth: AuthContext, query: ComplaintListQuery): Promise<ComplaintPage> {
      const now = clock();
      const page = await repo.listComplaints(db, auth.orgIds, query, now);
      return { ...page, items: page.items.map((r) => toComplaint(r, now)) };
    },

    get: (auth: AuthContext, id: bigint) => detail(db, auth, id),

    async create({ auth, ip }: Actor, input: ComplaintInput): Promise<ComplaintDetail> {
      const organisationId =
        input.organisationId === undefined ? auth.organisationId : toId(input.organisationId);
      if (!(await repo.findOrganisation(db, organisationId, auth.orgIds)))
        throw new BadRequestError(MSG.organisationNotFound, { organisationId: MSG.organisationNotFound });
      const now = clock();
      const slaHours = complaintSlaHours(input.category);
      return db.transaction(async (tx) => {
        const wardId = await wardFor(tx, organisationId, input);
        const id = await repo.insertComplaint(tx, {
          organisationId,
          category: input.category,
          description: input.description,
          wardId,
          lat: input.lat,
          lon: input.lon,
          address: input.address,
          photos: input.photos,
          citizenName: input.citizenName,
          citizenPhone: input.citizenPhone,
          status: 'open',
          slaHours,
          dueAt: new Date(now.getTime() + slaHours * HOUR_MS),
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertEvent(tx, {
          complaintId: id,
          at: now,
          userId: auth.userId,
          action: 'raise',
          note: input.description,
          attrs: { category: input.category, slaHours, wardId: wardId === null ? null : String(wardId) },
        });
        await recordAudit(tx, {
          action: 'complaint.raise',
          actorUserId: auth.userId,
          organisationId,
          entity: 'complaint',
          entityId: id,
          detail: { category: input.category },
          ip,
          at: now,
        });
        return detail(tx, auth, id);
      });
    },

    update(actor: Actor, id: bigint, input: ComplaintInput): Promise<ComplaintDetail> {
      return takeStep(actor, id, 'edit', async (row, _now, tx) => {
        const wardId = await wardFor(tx, row.organisationId, input);
        // A new category keeps the SLA start (raised or reopened) and takes the new category's hours.
        const slaHours = complaintSlaHours(input.category);
        const dueAt = new Date(slaStartOf(row).getTime() + slaHours * HOUR_MS);
        const change: repo.ComplaintChange = {
          category: input.category,
          description: input.description,
          wardId,
          lat: input.lat,
          lon: input.lon,
          address: input.address,
          photos: input.photos,
          citizenName: input.citizenName,
          citizenPhone: input.citizenPhone,
          slaHours,
          dueAt,
        };
        const before: Record<string, unknown> = row;
        const changed = Object.entries(change)
          .filter(([key, value]) => comparable(before[key]) !== comparable(value))
          .map(([key]) => key);
        return { change, attrs: { changed } };
      });
    },

    assign(actor: Actor, id: bigint, body: ComplaintAssign): Promise<ComplaintDetail> {
      return takeStep(actor, id, 'assign', async (row, now, tx) => {
        const person = await repo.findActiveStaff(tx, toId(body.staffId), row.organisationId);
        if (!person) throw new BadRequestError(MSG.staffNotFound, { staffId: MSG.staffNotFound });
        return {
          change: { status: 'assigned', assignedStaffId: person.id, assignedAt: now },
          note: body.note ?? null,
          attrs: {
            staffId: String(person.id),
            staffName: person.name,
            previousStaffId: row.assignedStaffId === null ? null : String(row.assignedStaffId),
          },
        };
      });
    },

    note(actor: Actor, id: bigint, body: ComplaintNote): Promise<ComplaintDetail> {
      return takeStep(actor, id, 'note', () => Promise.resolve({ change: {}, note: body.note }));
    },

    resolve(actor: Actor, id: bigint, body: ComplaintResolve): Promise<ComplaintDetail> {
      return takeStep(actor, id, 'resolve', async (row, now, tx) => {
        const evidence = await computeEvidence(tx, row, { radiusM: body.radiusM, now, resolvedAt: now });
        return {
          change: {
            status: 'resolved',
            resolvedAt: now,
            resolvedBy: actor.auth.userId,
            resolutionNote: body.note,
            resolutionPhotos: body.photos,
            evidence,
          },
          note: body.note,
          // The full snapshot stays in the timeline: a reopening clears the complaint's resolution fields.
          attrs: { evidence, photos: body.photos, late: now.getTime() > row.dueAt.getTime() },
        };
      });
    },

    reopen(actor: Actor, id: bigint, body: ComplaintReopen): Promise<ComplaintDetail> {
      return takeStep(actor, id, 'reopen', (row, now) =>
        Promise.resolve({
          // A fresh SLA period from now; the closure that was reversed stays in the timeline (resolve step).
          change: {
            status: 'reopened',
            reopenCount: row.reopenCount + 1,
            dueAt: new Date(now.getTime() + row.slaHours * HOUR_MS),
            resolvedAt: null,
            resolvedBy: null,
            resolutionNote: null,
            resolutionPhotos: [],
            evidence: null,
          },
          note: body.reason,
          attrs: { reopenCount: row.reopenCount + 1 },
        }),
      );
    },

    async evidence(auth: AuthContext, id: bigint, query: ComplaintEvidenceQuery): Promise<ComplaintEvidence> {
      const record = await repo.findComplaint(db, id, auth.orgIds);
      if (!record) throw new NotFoundError(MSG.notFound);
      const c = record.complaint;
      return computeEvidence(db, c, {
        radiusM: query.radiusM,
        hours: query.hours,
        now: clock(),
        resolvedAt: c.status === 'resolved' ? c.resolvedAt : null,
      });
    },
  };
}

export type ComplaintService = ReturnType<typeof createComplaintService>;
