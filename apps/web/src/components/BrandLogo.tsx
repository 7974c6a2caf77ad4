import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { brand } from '@/lib/brand';

interface BrandLogoProps {
  /** Height of the mark in px. */
  sizePx?: number;
  /** Show the brand name beside the mark. */
  withName?: boolean;
}

/** The tenant's mark: a route pin drawn in the brand colours (no image asset, so it themes with dark mode). */
export function BrandLogo({ sizePx = 36, withName = false }: BrandLogoProps) {
  const theme = useTheme();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="svg"
        viewBox="0 0 40 40"
        aria-hidden
        sx={{ width: sizePx, height: sizePx, flexShrink: 0 }}
      >
        <rect width="40" height="40" rx="10" fill={theme.palette.primary.main} />
        <path
          d="M20 8c-5 0-9 3.9-9 8.8C11 23.4 20 32 20 32s9-8.6 9-15.2C29 11.9 25 8 20 8Z"
          fill={theme.palette.primary.contrastText}
        />
        <circle cx="20" cy="17" r="3.6" fill={theme.palette.secondary.main} />
      </Box>
      {withName && (
        <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
          {brand.name}
        </Typography>
      )}
    </Box>
  );
}
