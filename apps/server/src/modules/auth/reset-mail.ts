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
