/**
 * Escalation of desk alerts nobody acknowledged (worker job `alert-desk-escalation`, worker/alert-desk-job.ts): an
 * alert still `new` `deskEscalateAfterMin` after it started (or after its previous escalation) gets
 * escalation_level + 1 and escalated_at, an `escalate` timeline step with no user, an audit entry, and the
 * organisation's ADMIN users one e-mail listing that organisation's alerts escalated in this run. One transaction per
 * organisation; the mail and the bus messages go out after its commit. Idempotent across workers: the UPDATE only
 * takes alerts that are due, so a second worker finds none. After MAX_ESCALATION_LEVEL escalations an alert stays
 * at that level (still red on the desk) instead of mailing the admins every few minutes for ever.
 */
import type { AlertDeskItem, AlertDeskType } from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../http/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { publishDeskChange } from './alert-desk.bus.ts';
import { toDeskItem } from './alert-desk.mapping.ts';
import { findDeskAlertsByIds } from './alert-desk.repository.ts';
import * as repo from './escalation.repository.ts';
import { readDeskSettings } from './desk-settings.ts';

/** Escalations of one alert at most. */
export const MAX_ESCALATION_LEVEL = 3;

export interface EscalationDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  bus?: Bus | undefined;
  /** The console's address, for the link in the e-mail. */
  publicUrl?: string | undefined;
}

const TYPE_LABELS: Record<AlertDeskType, string> = {
  sos: 'SOS',
  tamper: 'Tamper',
  boxOpened: 'Box opened',
  wireCut: 'Wire cut',
  powerCut: 'Power cut',
  identityConflict: 'Device identity conflict',
};

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `25/11/2026 19:05 IST`. */
export function formatIst(iso: string): string {
  return `${IST.format(new Date(iso)).replace(',', '')} IST`;
}

export function escalationMail(
  alerts: readonly AlertDeskItem[],
  escalateAfterMin: number,
  publicUrl: string | undefined,
): { subject: string; text: string } {
  const first = alerts[0];
  const what = (a: AlertDeskItem) =>
    `${TYPE_LABELS[a.type]} alert, ${a.vehicleRegistration ?? `device ${a.deviceImei}`}`;
  const subject =
    alerts.length === 1 && first
      ? `Unacknowledged ${what(first)} (escalation ${first.escalationLevel})`
      : `${alerts.length} unacknowledged critical alerts (${first?.organisationName ?? ''})`;
  const lines = alerts.map((a) => {
    const where = a.lat === null || a.lon === null ? '' : `, at ${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}`;
    return `- ${what(a)}: started ${formatIst(a.startedAt)}${where}; escalation level ${a.escalationLevel}`;
  });
  const link = publicUrl
    ? `\n\nOpen the SOS desk: ${publicUrl.replace(/\/$/, '')}/view-operations/sos-desk`
    : '';
  const text =
    `These alerts of ${first?.organisationName ?? 'your organisation'} have not been acknowledged within ` +
    `${escalateAfterMin} minutes:\n\n${lines.join('\n')}${link}\n`;
  return { subject, text };
}

/** One run: escalates what is due in every organisation; returns how many alerts were escalated. */
export async function escalateDeskAlerts(deps: EscalationDeps): Promise<number> {
  const { db } = deps;
  let escalated = 0;
  for (const organisationId of await repo.organisationsWithNewAlerts(db)) {
    const now = deps.clock();
    const { effective } = await readDeskSettings(db, organisationId);
    const cutoff = new Date(now.getTime() - effective.deskEscalateAfterMin * 60_000);
    const alerts = await db.transaction(async (tx) => {
      const due = await repo.escalateDue(tx, organisationId, cutoff, now, MAX_ESCALATION_LEVEL);
      await repo.insertActions(
        tx,
        due.map((e) => ({
          eventId: e.id,
          organisationId,
          action: 'escalate',
          userId: null,
          note: `Not acknowledged within ${effective.deskEscalateAfterMin} minutes (level ${e.escalationLevel})`,
          createdAt: now,
        })),
      );
      for (const e of due) {
        await recordAudit(tx, {
          action: 'alert-desk.escalate',
          actorUserId: null,
          organisationId,
          entity: 'event',
          entityId: e.id,
          detail: { type: e.type, level: e.escalationLevel, afterMin: effective.deskEscalateAfterMin },
          at: now,
        });
      }
      return (
        await findDeskAlertsByIds(
          tx,
          due.map((e) => e.id),
        )
      ).map(toDeskItem);
    });
    if (alerts.length === 0) continue;
    escalated += alerts.length;
    if (deps.bus) for (const alert of alerts) publishDeskChange(deps.bus, alert, 'escalate', now);
    const mail = escalationMail(alerts, effective.deskEscalateAfterMin, deps.publicUrl);
    for (const to of await repo.adminEmails(db, organisationId)) await deps.mailer.send({ to, ...mail });
  }
  return escalated;
}
