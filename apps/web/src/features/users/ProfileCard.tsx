/** Profile of a user without the user module (spec 01 §2.9): his own details, read-only, and a way to change password. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';

export function ProfileCard() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  if (!user) return null;
  const rows: Array<[string, string]> = [
    [t('users.name'), `${user.firstName} ${user.lastName}`.trim()],
    [t('users.email'), user.email ?? '—'],
    [t('users.phone'), user.phone ?? '—'],
    [t('users.role'), user.role.name],
    [t('users.organisation'), user.organisation.brandName ?? user.organisation.tradeName],
  ];
  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title={t('users.profileTitle')} subtitle={t('users.profileSubtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1.5, m: 0 }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Button component={RouterLink} to="/change-password" variant="outlined" sx={{ mt: 3 }}>
            {t('users.changePassword')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
