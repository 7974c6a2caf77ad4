/** The only thing an expired, revoked or unknown link shows. */
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SHARE_MESSAGES } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export function ShareGone({ message }: { message?: string | undefined }) {
  const { t } = useTranslation('share');
  // The server's words for a gone link are the contract's; shown in the reader's language.
  const text = message === undefined || message === SHARE_MESSAGES.gone ? t('public.gone') : message;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 4 }}
    >
      <LinkOffIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 700 }}>
        {text}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        {t('public.goneHint')}
      </Typography>
    </Paper>
  );
}
