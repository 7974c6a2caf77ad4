/**
 * The MUI theme: brand colours, the spec's breakpoints (600 / 960 / 1280 / 1840, spec 01 §9) and a light or dark
 * palette that follows the system preference. Components read colours from the palette only, so both modes work.
 */
import { createTheme, darken, lighten, type PaletteMode, type Theme } from '@mui/material/styles';
import { brand } from '@/lib/brand';

export const SIDEBAR_WIDTH_PX = 290;
export const HEADER_HEIGHT_PX = 80;

export function createAppTheme(mode: PaletteMode): Theme {
  const isDark = mode === 'dark';
  // The brand green is too dark to read on a dark surface; lift it there and keep the exact brand colour in light mode.
  const primary = isDark ? lighten(brand.colors.primary, 0.35) : brand.colors.primary;
  const secondary = isDark ? lighten(brand.colors.secondary, 0.1) : darken(brand.colors.secondary, 0.05);
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1840 } },
    palette: {
      mode,
      // WCAG AA for text on coloured buttons and chips: MUI picks dark text where white would fall below 4.5:1.
      contrastThreshold: 4.5,
      primary: { main: primary },
      secondary: { main: secondary },
      background: isDark
        ? { default: '#0f1416', paper: '#161d20' }
        : { default: '#f4f6f5', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '"Inter", "Noto Sans", "Noto Sans Devanagari", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: { styleOverrides: { body: { minHeight: '100vh' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}
