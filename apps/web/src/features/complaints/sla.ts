/**
 * The SLA countdown of a complaint (docs/swm.md "Complaints"): "due in 3 h" while open, "overdue by 2 h" once past
 * due, nothing once resolved. Whole hours above 2 h, minutes below, days above 48 h.
 */
import type { ComplaintStatus } from '@civicfleet/shared';

export type SlaState =
  { kind: 'resolved' } | { kind: 'due' | 'overdue'; unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE_MS = 60_000;

function span(ms: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  if (minutes < 120) return { unit: 'minutes', count: minutes };
  const hours = Math.round(minutes / 60);
  if (hours <= 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.round(hours / 24) };
}

export function slaState(complaint: { status: ComplaintStatus; dueAt: string }, nowMs: number): SlaState {
  if (complaint.status === 'resolved') return { kind: 'resolved' };
  const left = Date.parse(complaint.dueAt) - nowMs;
  return left >= 0 ? { kind: 'due', ...span(left) } : { kind: 'overdue', ...span(-left) };
}
