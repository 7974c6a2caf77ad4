import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrandLogo } from '@/components/BrandLogo';
import { HEADER_HEIGHT_PX } from '../theme';
import { AppFooter } from './AppFooter';
import { ContentLoader } from './ContentLoader';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * Frame of the public share pages (live tracking, playback, collection view): the brand and the language, full width
 * for the map, and no link into the console — a shared link reveals nothing beyond what was shared.
 */
export function SharePublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ height: HEADER_HEIGHT_PX }}>
          <BrandLogo withName />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitcher />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, px: { xs: 2, md: 3 }, py: { xs: 2, md: 3 } }}>
        <Suspense fallback={<ContentLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <AppFooter />
    </Box>
  );
}
