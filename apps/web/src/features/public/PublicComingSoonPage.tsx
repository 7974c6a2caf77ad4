import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';

/** Shared collection, shared live tracking and the public certificate until their issues land. */
export function PublicComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('public');
  const screen = t(titleKey);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <ScheduleOutlinedIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ mt: 2, fontWeight: 700 }}>
        {screen}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 520, mx: 'auto' }}>
        {t('comingSoon.body', { screen })}
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" sx={{ mt: 4 }}>
        {t('comingSoon.home')}
      </Button>
    </Paper>
  );
}
