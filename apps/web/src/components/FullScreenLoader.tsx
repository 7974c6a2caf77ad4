import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './BrandLogo';

/** Shown while the session initialises and while a lazy route loads on first paint (spec 01 §1). */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
        zIndex: (theme) => theme.zIndex.modal + 1,
      }}
    >
      <BrandLogo sizePx={56} withName />
      <CircularProgress aria-label={t('app.loading')} size={36} />
    </Box>
  );
}
