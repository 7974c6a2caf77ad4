/**
 * Enrolment the platform requires (MFA_REQUIRED_FOR_ADMINS, ASVS 4.3.1): an administrator without two-step
 * verification may use only the enrolment calls (server: http/authenticate.ts), so this screen stands alone, without
 * the console's navigation, until the recovery codes are kept.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { MfaSetupFlow } from './MfaSetupFlow';

export function MfaRequiredPage() {
  const { t } = useTranslation('mfa');
  const { status, logout } = useSession();
  if (status === 'initialising') return <FullScreenLoader />;
  if (status === 'anonymous') return <Navigate to={paths.auth.login} replace />;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('required.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('required.subtitle')}
          </Typography>
          {/* A full load: the same session continues, now without the restriction. */}
          <MfaSetupFlow onEnabled={() => window.location.assign(paths.home)} />
          <Button sx={{ mt: 3 }} onClick={() => void logout()}>
            {t('required.signOut')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
