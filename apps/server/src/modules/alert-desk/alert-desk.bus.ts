/**
 * Desk changes on the bus: after every committed step (an operator's action, an escalation) one AlertDeskChange
 * goes out on DESK_TOPIC; the /v1/live session forwards those of the caller's organisations as `desk` messages.
 */
import type { AlertDeskAction, AlertDeskChange, AlertDeskItem } from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';

export const DESK_TOPIC = 'alert-desk';

export function publishDeskChange(
  bus: Bus,
  alert: Pick<AlertDeskItem, 'id' | 'organisationId' | 'type' | 'deskStatus'>,
  action: AlertDeskAction,
  at: Date,
): void {
  bus.publish<AlertDeskChange>(DESK_TOPIC, {
    id: alert.id,
    organisationId: alert.organisationId,
    type: alert.type,
    deskStatus: alert.deskStatus,
    action,
    at: at.toISOString(),
  });
}
