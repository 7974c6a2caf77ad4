/**
 * Password strength meter (OWASP ASVS 4.0.3 2.1.8) under every field that sets a password. It runs the server's own
 * rules (packages/shared domain/password-policy.ts `estimatePasswordStrength`: length, then the common / personal
 * password checks of 2.1.7), so "weak" means the server will refuse it, with the first failing rule named; accepted
 * passwords are graded fair / good / strong by a length × character-variety estimate. Advisory only: no composition
 * rule is enforced (2.1.9). Texts live in the eager `auth` namespace, so the public reset page needs no other.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_STRENGTHS,
  estimatePasswordStrength,
  type PasswordOwner,
  type PasswordStrength,
} from '@civicfleet/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PasswordStrength, 'error' | 'warning' | 'info' | 'success'> = {
  weak: 'error',
  fair: 'warning',
  good: 'info',
  strong: 'success',
};

interface PasswordStrengthMeterProps {
  password: string;
  /** The account's e-mail and phone: a password containing them is refused (2.1.7). */
  owner?: PasswordOwner;
}

export function PasswordStrengthMeter({ password, owner }: PasswordStrengthMeterProps) {
  const { t } = useTranslation('auth');
  const labelId = useId();
  if (password === '') return null;
  const { strength, failedRule } = estimatePasswordStrength(password, owner);
  const level = t(`strength.levels.${strength}`);
  const advice =
    failedRule === null
      ? strength === 'fair'
        ? t('strength.tips.fair')
        : null
      : t(`strength.rules.${failedRule}`, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  return (
    <Box sx={{ mt: -0.5, mb: 1 }} data-strength={strength}>
      <LinearProgress
        variant="determinate"
        color={COLOR[strength]}
        value={((PASSWORD_STRENGTHS.indexOf(strength) + 1) / PASSWORD_STRENGTHS.length) * 100}
        aria-labelledby={labelId}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Box aria-live="polite" sx={{ mt: 0.5 }}>
        <Typography id={labelId} variant="caption" component="p" sx={{ fontWeight: 600 }}>
          {t('strength.label', { level })}
        </Typography>
        {advice && (
          <Typography variant="caption" component="p" color={failedRule ? 'error' : 'text.secondary'}>
            {advice}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
