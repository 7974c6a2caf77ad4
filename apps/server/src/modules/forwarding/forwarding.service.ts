/**
 * Forwarding targets, organisation-scoped (another organisation's target answers 404) and audited. Secrets are
 * write-only (a masked hint comes back). Every change is published on the bus so that gateways reload the targets.
 * "Send test" posts one sample item at once (webhook) or only opens and closes a TCP connection (emergency: a sample
 * emergency packet would raise a real alarm at a state backend).
 */
import {
  FORWARDING_MESSAGES,
  type ForwardDeadLetter,
  type ForwardTarget,
  type ForwardTargetValues,
  type ForwardTestResult,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import type { Actor } from '../organisation/scope.ts';
import { postJson, sendTcp } from './delivery.ts';
import { PAYLOAD_VERSION, secretHint, webhookHeaders, type WebhookEnvelope } from './payload.ts';
import * as repo from './forwarding.repository.ts';
import { publishForwardTargetsChange } from './target-cache.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toTarget(record: repo.TargetRecord, counts: repo.TargetCounts | undefined): ForwardTarget {
  return {
    id: String(record.id),
    organisationId: String(record.organisationId),
    organisationName: record.organisationName,
    name: record.name,
    kind: record.kind as ForwardTarget['kind'],
    enabled: record.enabled,
    url: record.url,
    secretHint: secretHint(record.secret),
    host: record.host,
    port: record.port,
    sendPositions: record.sendPositions,
    sendAlerts: record.sendAlerts,
    eventTypes: record.eventTypes,
    batchSize: record.batchSize,
    timeoutMs: record.timeoutMs,
    stats: {
      queued: counts?.queued ?? 0,
      dead: counts?.dead ?? 0,
      deliveredLastHour: counts?.deliveredLastHour ?? 0,
      failedLastHour: counts?.failedLastHour ?? 0,
      lastSuccessAt: iso(record.lastSuccessAt),
      lastErrorAt: iso(record.lastErrorAt),
      lastError: record.lastError,
      pausedUntil: iso(record.pausedUntil),
    },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

function toDeadLetter(record: repo.DeadLetterRecord): ForwardDeadLetter {
  return {
    id: String(record.id),
    targetId: String(record.targetId),
    kind: record.kind,
    payload: record.payload,
    attempts: record.attempts,
    lastError: record.lastError,
    createdAt: record.createdAt.toISOString(),
    deadAt: iso(record.deadAt),
  };
}

/** The columns an input sets; `secret` only when given (undefined keeps the stored one). */
function columnsOf(input: ForwardTargetValues): Partial<repo.NewTarget> {
  const webhook = input.kind === 'webhook';
  return {
    name: input.name,
    kind: input.kind,
    enabled: input.enabled,
    url: webhook ? (input.url ?? null) : null,
    host: webhook ? null : (input.host ?? null),
    port: webhook ? null : (input.port ?? null),
    sendPositions: webhook ? input.sendPositions : false,
    sendAlerts: webhook ? input.sendAlerts : false,
    eventTypes: webhook ? [...new Set(input.eventTypes)] : [],
    batchSize: input.batchSize,
    timeoutMs: input.timeoutMs,
    // Only webhooks sign; an emergency target never keeps a secret.
    ...(webhook ? (input.secret === undefined ? {} : { secret: input.secret }) : { secret: null }),
  };
}

export function createForwardingService(deps: { db: Db; clock: Clock; bus: Bus; env: Env }) {
  const { db, clock, bus } = deps;
  const addresses = { allowPrivateAddresses: deps.env.forwardAllowPrivateAddresses ?? false };

  async function visible(auth: AuthContext, id: bigint): Promise<repo.TargetRecord> {
    const record = await repo.findTarget(db, auth.orgIds, id);
    if (!record) throw new NotFoundError(FORWARDING_MESSAGES.notFound);
    return record;
  }

  async function withStats(records: repo.TargetRecord[]): Promise<ForwardTarget[]> {
    const since = new Date(clock().getTime() - 3_600_000);
    const counts = await repo.countsOf(
      db,
      records.map((r) => r.id),
      since,
    );
    return records.map((record) => toTarget(record, counts.get(record.id)));
  }

  async function one(auth: AuthContext, id: bigint): Promise<ForwardTarget> {
    const [target] = await withStats([await visible(auth, id)]);
    if (!target) throw new NotFoundError(FORWARDING_MESSAGES.notFound);
    return target;
  }

  async function audit(
    actor: Actor,
    action: string,
    record: { id: bigint; organisationId: bigint },
    detail: Record<string, unknown>,
  ) {
    await recordAudit(db, {
      action: `forwarding.${action}`,
      actorUserId: actor.auth.userId,
      organisationId: record.organisationId,
      entity: 'forward-target',
      entityId: record.id,
      detail,
      ip: actor.ip,
    });
  }

  return {
    async list(auth: AuthContext): Promise<ForwardTarget[]> {
      return withStats(await repo.listTargets(db, auth.orgIds));
    },

    get: one,

    async create(actor: Actor, input: ForwardTargetValues): Promise<ForwardTarget> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const columns = columnsOf(input);
      const id = await repo.insertTarget(db, {
        ...columns,
        name: input.name,
        kind: input.kind,
        organisationId,
      });
      await audit(actor, 'created', { id, organisationId }, { name: input.name, kind: input.kind });
      publishForwardTargetsChange(bus, organisationId);
      return one(actor.auth, id);
    },

    async update(actor: Actor, id: bigint, input: ForwardTargetValues): Promise<ForwardTarget> {
      const record = await visible(actor.auth, id);
      await repo.updateTarget(db, id, { ...columnsOf(input), updatedAt: clock() });
      await audit(actor, 'updated', record, { name: input.name, enabled: input.enabled });
      publishForwardTargetsChange(bus, record.organisationId);
      return one(actor.auth, id);
    },

    async remove(actor: Actor, id: bigint): Promise<void> {
      const record = await visible(actor.auth, id);
      await repo.deleteTarget(db, id);
      await audit(actor, 'deleted', record, { name: record.name });
      publishForwardTargetsChange(bus, record.organisationId);
    },

    async test(auth: AuthContext, id: bigint): Promise<ForwardTestResult> {
      const record = await visible(auth, id);
      const now = clock();
      if (record.kind === 'emergency') {
        const result = await sendTcp(record.host ?? '', record.port ?? 0, [], record.timeoutMs, addresses);
        return {
          ok: result.ok,
          status: null,
          durationMs: result.durationMs,
          detail: result.ok ? 'Connected (no packet sent)' : result.detail,
        };
      }
      const envelope: WebhookEnvelope = {
        version: PAYLOAD_VERSION,
        target: { id: String(record.id), name: record.name },
        sentAt: now.toISOString(),
        items: [{ type: 'test', id: '0', message: 'CivicFleet forwarding test' }],
      };
      const body = JSON.stringify(envelope);
      const result = await postJson(
        record.url ?? '',
        body,
        webhookHeaders(record.secret, body, now.getTime()),
        record.timeoutMs,
        addresses,
      );
      return { ok: result.ok, status: result.status, durationMs: result.durationMs, detail: result.detail };
    },

    async deadLetters(auth: AuthContext, id: bigint, limit: number): Promise<ForwardDeadLetter[]> {
      await visible(auth, id);
      return (await repo.listDeadLetters(db, id, limit)).map(toDeadLetter);
    },

    async retry(actor: Actor, id: bigint, letterId?: bigint): Promise<number> {
      const record = await visible(actor.auth, id);
      const requeued = await repo.requeueDeadLetters(db, id, letterId);
      if (letterId !== undefined && requeued === 0)
        throw new NotFoundError(FORWARDING_MESSAGES.deadLetterNotFound);
      await audit(actor, 'dead-letters-retried', record, { requeued });
      return requeued;
    },

    async discard(actor: Actor, id: bigint, letterId?: bigint): Promise<number> {
      const record = await visible(actor.auth, id);
      const deleted = await repo.deleteDeadLetters(db, id, letterId);
      if (letterId !== undefined && deleted === 0)
        throw new NotFoundError(FORWARDING_MESSAGES.deadLetterNotFound);
      await audit(actor, 'dead-letters-deleted', record, { deleted });
      return deleted;
    },
  };
}
