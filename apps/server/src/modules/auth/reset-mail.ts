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

const indiaTime = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(at);

/** A notice that carries no secret: what happened and when, and what to do if it was not the owner. */
function noticeMail(input: {
  to: string;
  firstName: string;
  brand: Brand;
  subject: string;
  paragraphs: string[];
}): MailMessage {
  const { brand } = input;
  const text = [
    `Hello ${input.firstName},`,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${brand.name} · ${brand.supportEmail}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
${input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="color:#666">${escapeHtml(brand.name)} · ${escapeHtml(brand.supportEmail)}</p>`;
  return { to: input.to, subject: input.subject, text, html };
}

/**
 * The notice sent after any change of a password (OWASP ASVS 2.2.3, 2.5.5): it carries no secret, only what happened
 * and when, so that the owner notices a change they did not make.
 */
export function passwordChangedMail(input: PasswordChangedMailInput): MailMessage {
  const { brand } = input;
  return noticeMail({
    ...input,
    subject: `${brand.name}: your password was changed`,
    paragraphs: [
      `Your ${brand.name} password was ${HOW[input.kind]} on ${indiaTime(input.at)} (India time). Your other sessions were signed out.`,
      `If this was not you, choose a new password with "Lost password?" on the sign-in page at once and tell ${brand.supportEmail}.`,
    ],
  });
}

export type MfaChangeKind = 'enabled' | 'disabled' | 'reset-by-admin';

export interface MfaChangedMailInput {
  to: string;
  firstName: string;
  kind: MfaChangeKind;
  at: Date;
  brand: Brand;
}

const MFA_HOW: Record<MfaChangeKind, string> = {
  enabled: 'turned on from your account',
  disabled: 'turned off from your account',
  'reset-by-admin': 'turned off by an administrator, and your sessions were signed out',
};

/** The notice sent when the second factor is turned on, off, or reset by an administrator (ASVS 2.5.5). */
export function mfaChangedMail(input: MfaChangedMailInput): MailMessage {
  const { brand } = input;
  const advice =
    input.kind === 'reset-by-admin'
      ? `Sign in with your password and turn two-step verification on again under "Two-step verification" in your account. If you did not ask for this, tell ${brand.supportEmail} at once.`
      : `If this was not you, choose a new password with "Lost password?" on the sign-in page at once and tell ${brand.supportEmail}.`;
  return noticeMail({
    ...input,
    subject: `${brand.name}: two-step verification was ${input.kind === 'enabled' ? 'turned on' : 'turned off'}`,
    paragraphs: [
      `Two-step verification of your ${brand.name} account was ${MFA_HOW[input.kind]} on ${indiaTime(input.at)} (India time).`,
      advice,
    ],
  });
}
