/**
 * The SOS and critical-alerts desk (modules/alert-desk/README.md): list and read desk alerts of the caller's
 * organisations, and take steps on them. Each step runs in one transaction that locks the alert's row, checks the
 * state rule, updates the desk columns of `events`, appends an `event_actions` row and an audit entry; once committed
 * it is published on the bus (DESK_TOPIC) for the live clients.
 */
import { clearIdentityConflict, publishIdentityCleared } from './identity-conflict.ts';
import type {
  AlertDeskAcknowledge,
  AlertDeskAction,
  AlertDeskAssign,
  AlertDeskAssignee,
  AlertDeskAssigneeQuery,
  AlertDeskClose,
  AlertDeskDetail,
  AlertDeskEmergencyOff,
  AlertDeskEmergencyOffResult,
  AlertDeskNote,
  AlertDeskPage,
  AlertDeskQuery,
  AlertDeskReopen,
  AlertDeskStatus,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import type { events } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { publishDeskChange } from './alert-desk.bus.ts';
import { toCommand, toDeskDetail, toDeskItem } from './alert-desk.mapping.ts';
import * as repo from './alert-desk.repository.ts';
import { assertEmergencyOffAllowed, queueEmergencyOff } from './emergency-off.ts';

export const ALERT_NOT_FOUND = 'Alert not found.';
export const DESK_MESSAGES = {
  alreadyAcknowledged: 'This alert has already been acknowledged.',
  closed: 'This alert is closed. Reopen it first.',
  alreadyClosed: 'This alert is already closed.',
  notClosed: 'Only a closed alert can be reopened.',
  assigneeNotFound: 'The user to assign was not found among the users you can see.',
} as const;

const ASSIGNEE_LIMIT = 50;

type EventRow = typeof events.$inferSelect;

interface Step {
  action: AlertDeskAction;
  change: repo.DeskStateChange;
  note?: string | null | undefined;
  assigneeId?: bigint | null;
  detail?: Record<string, unknown>;
}

/** What an operator's acknowledgement sets when the alert was not acknowledged yet. */
function acknowledgement(alert: EventRow, userId: bigint, now: Date): repo.DeskStateChange {
  return alert.acknowledgedAt === null ? { acknowledgedBy: userId, acknowledgedAt: now } : {};
}

export function createAlertDeskService({ db, bus, clock }: { db: Db; bus: Bus; clock: Clock }) {
  async function detail(from: Db, auth: AuthContext, id: bigint): Promise<AlertDeskDetail> {
    const record = await repo.findDeskAlert(from, id, auth.orgIds);
    if (!record) throw new NotFoundError(ALERT_NOT_FOUND);
    return toDeskDetail(record, await repo.listTimeline(from, id));
  }

  /**
   * One step on one alert: `decide` sees the locked row and returns the change (or throws the state conflict);
   * `extra` runs in the same transaction after the step is recorded.
   */
  async function takeStep<T = undefined>(
    { auth, ip }: Actor,
    id: bigint,
    decide: (alert: EventRow, now: Date) => Step,
    extra?: (tx: Db, alert: EventRow, now: Date) => Promise<T>,
  ): Promise<{ alert: AlertDeskDetail; extra: T | undefined }> {
    const now = clock();
    const result = await db.transaction(async (tx) => {
      const alert = await repo.lockDeskAlert(tx, id, auth.orgIds);
      if (!alert) throw new NotFoundError(ALERT_NOT_FOUND);
      const step = decide(alert, now);
      await repo.updateDeskState(tx, id, step.change);
      await repo.insertAction(tx, {
        eventId: id,
        organisationId: alert.organisationId,
        action: step.action,
        userId: auth.userId,
        assigneeId: step.assigneeId ?? null,
        note: step.note ?? null,
        createdAt: now,
      });
      await recordAudit(tx, {
        action: `alert-desk.${step.action}`,
        actorUserId: auth.userId,
        organisationId: alert.organisationId,
        entity: 'event',
        entityId: id,
        detail: { type: alert.type, from: alert.deskStatus, ...step.detail },
        ip,
        at: now,
      });
      const extraResult = extra ? await extra(tx, alert, now) : undefined;
      return {
        alert: await detail(tx, auth, id),
        extra: extraResult,
        action: step.action,
      };
    });
    publishDeskChange(bus, result.alert, result.action, now);
    return { alert: result.alert, extra: result.extra };
  }

  const statusOf = (alert: EventRow) => alert.deskStatus as AlertDeskStatus;

  return {
    async list(auth: AuthContext, query: AlertDeskQuery): Promise<AlertDeskPage> {
      const page = await repo.listDeskAlerts(db, auth.orgIds, query);
      return {
        items: page.items.map(toDeskItem),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        counts: await repo.countOpen(db, auth.orgIds),
      };
    },

    get: (auth: AuthContext, id: bigint) => detail(db, auth, id),

    async assignees(auth: AuthContext, query: AlertDeskAssigneeQuery): Promise<AlertDeskAssignee[]> {
      const found = await repo.listAssignees(db, auth.orgIds, query.search, ASSIGNEE_LIMIT);
      return found.map((u) => ({
        id: String(u.id),
        name: u.name,
        organisationName: u.organisationName,
        roleName: u.roleName,
      }));
    },

    async acknowledge(actor: Actor, id: bigint, body: AlertDeskAcknowledge): Promise<AlertDeskDetail> {
      const { alert } = await takeStep(actor, id, (current, now) => {
        if (statusOf(current) === 'closed') throw new ConflictError(DESK_MESSAGES.closed);
        if (statusOf(current) === 'acknowledged') throw new ConflictError(DESK_MESSAGES.alreadyAcknowledged);
        return {
          action: 'acknowledge',
          change: { deskStatus: 'acknowledged', acknowledgedBy: actor.auth.userId, acknowledgedAt: now },
          note: body.note,
        };
      });
      return alert;
    },

    async assign(actor: Actor, id: bigint, body: AlertDeskAssign): Promise<AlertDeskDetail> {
      const user = await repo.findAssignee(db, toId(body.userId), actor.auth.orgIds);
      if (!user) {
        throw new BadRequestError(DESK_MESSAGES.assigneeNotFound, { userId: DESK_MESSAGES.assigneeNotFound });
      }
      const { alert } = await takeStep(actor, id, (current, now) => {
        if (statusOf(current) === 'closed') throw new ConflictError(DESK_MESSAGES.closed);
        return {
          action: 'assign',
          // Assigning is handling the alert: a new one counts as acknowledged by whoever assigned it.
          change: {
            deskStatus: 'acknowledged',
            ...acknowledgement(current, actor.auth.userId, now),
            assignedTo: user.id,
            assignedAt: now,
          },
          assigneeId: user.id,
          note: body.note,
          detail: { assignee: String(user.id), previousAssignee: current.assignedTo?.toString() ?? null },
        };
      });
      return alert;
    },

    async note(actor: Actor, id: bigint, body: AlertDeskNote): Promise<AlertDeskDetail> {
      const { alert } = await takeStep(actor, id, () => ({ action: 'note', change: {}, note: body.note }));
      return alert;
    },

    async close(actor: Actor, id: bigint, body: AlertDeskClose): Promise<AlertDeskDetail> {
      const { alert, extra } = await takeStep(
        actor,
        id,
        (current, now) => {
          if (statusOf(current) === 'closed') throw new ConflictError(DESK_MESSAGES.alreadyClosed);
          return {
            action: 'close',
            change: {
              deskStatus: 'closed',
              ...acknowledgement(current, actor.auth.userId, now),
              closedBy: actor.auth.userId,
              closedAt: now,
              resolution: body.resolution,
            },
            note: body.resolution,
          };
        },
        clearIdentityConflict,
      );
      publishIdentityCleared(bus, extra);
      return alert;
    },

    async reopen(actor: Actor, id: bigint, body: AlertDeskReopen): Promise<AlertDeskDetail> {
      const { alert } = await takeStep(actor, id, (current) => {
        if (statusOf(current) !== 'closed') throw new ConflictError(DESK_MESSAGES.notClosed);
        return {
          action: 'reopen',
          // The resolution stays in the timeline (the close step's note).
          change: { deskStatus: 'acknowledged', closedBy: null, closedAt: null, resolution: null },
          note: body.note,
          detail: { resolution: current.resolution },
        };
      });
      return alert;
    },

    async emergencyOff(
      actor: Actor,
      id: bigint,
      body: AlertDeskEmergencyOff,
    ): Promise<AlertDeskEmergencyOffResult> {
      const record = await repo.findDeskAlert(db, id, actor.auth.orgIds);
      if (!record) throw new NotFoundError(ALERT_NOT_FOUND);
      assertEmergencyOffAllowed(record);
      const { alert, extra } = await takeStep(
        actor,
        id,
        () => ({ action: 'emergency-off', change: {}, note: body.note }),
        (tx, current, now) =>
          queueEmergencyOff(tx, { alert: current, imei: record.deviceImei, userId: actor.auth.userId, now }),
      );
      if (!extra) throw new Error('emergency off queued no command');
      extra.publish(bus);
      return { alert, command: toCommand(extra.command) };
    },
  };
}

export type AlertDeskService = ReturnType<typeof createAlertDeskService>;
