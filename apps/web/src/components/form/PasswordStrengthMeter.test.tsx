import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES } from '@civicfleet/shared';
import { i18n } from '@/lib/i18n';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

const meter = () => screen.getByRole('progressbar', { name: /Password strength/ });

describe('PasswordStrengthMeter (ASVS 2.1.8)', () => {
  it('shows nothing for an empty password', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['Tiger#Lily7', 'Weak', 25, 'Use at least 12 characters.'],
    ['Password@2024', 'Weak', 25, PASSWORD_POLICY_MESSAGES.common],
    [
      'brisklantern',
      'Fair',
      50,
      'Accepted. A longer password, or a few unrelated words, is harder to guess.',
    ],
    ['Brisk7Lantern', 'Good', 75, null],
    ['correct horse battery staple', 'Strong', 100, null],
  ])('grades %s as %s with the first failing rule', (password, level, value, advice) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(meter()).toHaveAttribute('aria-valuenow', String(value));
    expect(screen.getByText(`Password strength: ${level}`)).toBeInTheDocument();
    if (advice) expect(screen.getByText(advice)).toBeInTheDocument();
    else expect(screen.getAllByRole('paragraph')).toHaveLength(1);
  });

  it("refuses the account's own e-mail or phone, as the server does", () => {
    render(
      <PasswordStrengthMeter
        password="asha.verma-2026!"
        owner={{ email: 'asha.verma@example.in', phone: null }}
      />,
    );
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_POLICY_MESSAGES.personal)).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    render(<PasswordStrengthMeter password="Tiger#Lily7" />);
    expect(screen.getByText('पासवर्ड की मज़बूती: कमज़ोर')).toBeInTheDocument();
    expect(screen.getByText('कम से कम 12 अक्षरों का उपयोग करें।')).toBeInTheDocument();
  });
});
