import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from './PageHeader';

interface ComingSoonProps {
  /** The translated name of the screen, e.g. "Fuel Consumption". */
  screen: string;
  /** Where the button leads; the console's home by default. */
  backTo?: string;
}

/** Placeholder for a screen that a later release fills in: names the screen so the route is never blank. */
export function ComingSoon({ screen, backTo = '/' }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={screen} />
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h5" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
          {t('comingSoon.title', { screen })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {t('comingSoon.body', { screen })}
        </Typography>
        <Box sx={{ mt: 3 }}>
          <Button component={RouterLink} to={backTo} variant="contained">
            {t('status.goHome')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
