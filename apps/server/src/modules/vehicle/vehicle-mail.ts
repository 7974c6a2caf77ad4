/** The "send mail" e-mail: a vehicle's registration details to its owner. */
import type { Brand, Vehicle } from '@civicfleet/shared';
import type { MailMessage } from '../../mail/mailer.ts';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function vehicleMail(input: {
  to: string;
  firstName: string;
  vehicle: Vehicle;
  brand: Brand;
}): MailMessage {
  const { vehicle: v, brand } = input;
  const rows: Array<[string, string | null]> = [
    ['Registration number', v.registrationNumber],
    ['Organisation', v.organisation.tradeName],
    ['Kind', v.kind],
    ['Type', v.type],
    ['Make', v.make],
    ['Model', v.model],
    ['Engine number', v.engineNo],
    ['Chassis number', v.chassisNo],
    ['RTO', v.rto === null ? null : `${v.rto}${v.rtoCode ? ` (${v.rtoCode})` : ''}`],
    ['Registration date', v.regDate],
    ['Tracker IMEI', v.device?.imei ?? 'Not linked'],
    ['Tracking', v.isTrackingActivated ? 'Activated' : 'Deactivated'],
  ];
  const shown = rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== '');
  const text = [
    `Hello ${input.firstName},`,
    '',
    `The details of vehicle ${v.registrationNumber} on ${brand.name}:`,
    '',
    ...shown.map(([k, value]) => `${k}: ${value}`),
    '',
    `${brand.name} · ${brand.supportEmail}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>The details of vehicle <strong>${escapeHtml(v.registrationNumber)}</strong> on ${escapeHtml(brand.name)}:</p>
<table>${shown.map(([k, value]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="color:#666">${escapeHtml(brand.name)} · ${escapeHtml(brand.supportEmail)}</p>`;
  return { to: input.to, subject: `${brand.name}: vehicle ${v.registrationNumber}`, text, html };
}
