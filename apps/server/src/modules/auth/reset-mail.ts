import type { Brand } from '@civicfleet/shared';
import type { MailMessage } from '../../mail/mailer.ts';

export interface ResetMailInput {
  to: string;
  firstName: string;
  otp: string;
  link: string;
  validMinutes: number;
  brand: Brand;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password-reset e-mail: the 6-digit code and a one-click link (either works, once). */
export function resetMail(input: ResetMailInput): MailMessage {
  const { brand } = input;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Your ${brand.name} password reset code is ${input.otp}. It is valid for ${input.validMinutes} minutes.`,
    '',
    `Or open this link to choose a new password: ${input.link}`,
    '',
    'If you did not ask for this, ignore this e-mail; your password stays as it is.',
    '',
    `${brand.name} · ${brand.supportEmail}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Your ${escapeHtml(brand.name)} password reset code is <strong style="font-size:20px;letter-spacing:3px">${input.otp}</strong>.
It is valid for ${input.validMinutes} minutes.</p>
<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>
<p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>
<p style="color:#666">${escapeHtml(brand.name)} · ${escapeHtml(brand.supportEmail)}</p>`;
  return { to: input.to, subject: `${brand.name}: your password reset code`, text, html };
}

export type PasswordChangeKind = 'changed' | 'reset' | 'set-by-admin';

export interface PasswordChangedMailInput {
  to: string;
  firstName: string;
  kind: PasswordChangeKind;
  at: Date;
  brand: Brand;
}

const HOW: Record<PasswordChangeKind, string> = {
  changed: 'changed from your account',
  reset: 'reset with a code or link sent to this e-mail address',
  'set-by-admin': 'set by an administrator',
};

/**
 * The notice sent after any change of a password (OWASP ASVS 2.2.3, 2.5.5): it carries no secret, only what happened
 * and when, so that the owner notices a change they did not make.
 */
export function passwordChangedMail(input: PasswordChangedMailInput): MailMessage {
  const { brand } = input;
  const when = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(input.at);
  const what = `Your ${brand.name} password was ${HOW[input.kind]} on ${when} (India time). Your other sessions were signed out.`;
  const advice = `If this was not you, choose a new password with "Lost password?" on the sign-in page at once and tell ${brand.supportEmail}.`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    what,
    '',
    advice,
    '',
    `${brand.name} · ${brand.supportEmail}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(what)}</p>
<p>${escapeHtml(advice)}</p>
<p style="color:#666">${escapeHtml(brand.name)} · ${escapeHtml(brand.supportEmail)}</p>`;
  return { to: input.to, subject: `${brand.name}: your password was changed`, text, html };
}
