import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { brand } from '@/lib/brand';
import { paths } from '@/lib/paths';

/** Year the product was first released: the spec's footer shows 2023 (spec 01 §9). */
export const FIRST_RELEASE_YEAR = 2023;

/**
 * The footer shows the spec's year 2023 as the start of the copyright range, up to the current year. The legal pages open in a new tab so
 * work in progress is not lost (spec 01 §1).
 */
export function AppFooter() {
  const { t } = useTranslation();
  const current = new Date().getFullYear();
  const year = current > FIRST_RELEASE_YEAR ? `${FIRST_RELEASE_YEAR}–${current}` : String(FIRST_RELEASE_YEAR);
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: { xs: 2, sm: 3, lg: 4 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('footer.copyright', { year, brand: brand.name })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Link href={paths.public.termsOfUse} target="_blank" rel="noopener" variant="body2" underline="hover">
          {t('footer.termsOfUse')}
        </Link>
        <Link href={paths.public.privacy} target="_blank" rel="noopener" variant="body2" underline="hover">
          {t('footer.privacy')}
        </Link>
      </Box>
    </Box>
  );
}
