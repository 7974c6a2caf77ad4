import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export type StatusKind = 'notFound' | 'serverError' | 'maintenance' | 'comingSoon' | 'forbidden';

const CODES: Partial<Record<StatusKind, string>> = { notFound: '404', serverError: '500', forbidden: '403' };

interface StatusViewProps {
  kind: StatusKind;
  /** Full page (public status routes) or inside the app layout (403). */
  fullPage?: boolean;
}

/**
 * The status pages of spec 01 §2.2 plus the 403 page: a code, a heading, an explanation and a way home.
 * Texts live in common.json under `status.<kind>` so the route error boundary can show them too.
 */
export function StatusView({ kind, fullPage = true }: StatusViewProps) {
  const { t } = useTranslation();
  const code = CODES[kind];
  return (
    <Box
      component={fullPage ? 'main' : 'section'}
      sx={{
        minHeight: fullPage ? '100vh' : '60vh',
        display: 'flex',
        alignItems: 'center',
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      {/* Box rather than Container: this view is in the entry chunk, and every kB there counts against the budget. */}
      <Box sx={{ width: '100%', maxWidth: 600, mx: 'auto', px: 3, textAlign: 'center', py: 6 }}>
        {code && (
          <Typography
            aria-hidden
            sx={{
              fontSize: { xs: 72, sm: 104 },
              fontWeight: 800,
              lineHeight: 1,
              color: 'primary.main',
              opacity: 0.85,
            }}
          >
            {code}
          </Typography>
        )}
        <Typography variant="h4" component="h1" sx={{ mt: 2, fontWeight: 700 }}>
          {t(`status.${kind}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {t(`status.${kind}.body`)}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 4 }}>
          {t('status.goHome')}
        </Button>
      </Box>
    </Box>
  );
}
