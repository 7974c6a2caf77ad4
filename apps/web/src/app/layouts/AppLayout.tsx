/**
 * The signed-in shell: a 290 px sidebar (permanent from the lg breakpoint, a temporary drawer below it), an 80 px
 * header and a footer (spec 01 §2.7). The header's menu button opens the drawer on small screens and collapses the
 * permanent sidebar on large ones.
 */
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DatePickerProvider } from '@/components/DatePickerProvider';
import { FeatureSlotsContext } from '@/components/slots/feature-slots';
import { readPreference, writePreference } from '@/lib/storage';
import { FEATURE_SLOTS } from '../feature-slots';
import { HEADER_HEIGHT_PX, SIDEBAR_WIDTH_PX } from '../theme';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { ContentLoader } from './ContentLoader';
import { Sidebar } from './Sidebar';

const COLLAPSED_KEY = 'sidebar.collapsed';

export function AppLayout() {
  const theme = useTheme();
  const { t } = useTranslation();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [isMobileOpen, setMobileOpen] = useState(false);
  const [isCollapsed, setCollapsed] = useState(() => readPreference(COLLAPSED_KEY) === 'true');
  const isSidebarShown = isDesktop ? !isCollapsed : isMobileOpen;

  const toggleSidebar = useCallback(() => {
    if (isDesktop) {
      setCollapsed((was) => {
        writePreference(COLLAPSED_KEY, String(!was));
        return !was;
      });
    } else {
      setMobileOpen((was) => !was);
    }
  }, [isDesktop]);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const offsetPx = isDesktop && !isCollapsed ? SIDEBAR_WIDTH_PX : 0;

  return (
    <FeatureSlotsContext.Provider value={FEATURE_SLOTS}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        {isDesktop ? (
          <Drawer
            variant="persistent"
            open={!isCollapsed}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_PX, boxSizing: 'border-box' } } }}
          >
            <Sidebar />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={isMobileOpen}
            onClose={closeMobile}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_PX, boxSizing: 'border-box' } } }}
          >
            <Sidebar onNavigate={closeMobile} />
          </Drawer>
        )}
        <Box
          sx={{
            flexGrow: 1,
            minWidth: 0,
            ml: `${offsetPx}px`,
            display: 'flex',
            flexDirection: 'column',
            transition: theme.transitions.create('margin', { duration: theme.transitions.duration.shorter }),
          }}
        >
          <AppHeader
            offsetPx={offsetPx}
            isSidebarShown={isSidebarShown}
            onToggleSidebar={toggleSidebar}
            toggleLabel={isSidebarShown ? t('layout.hideMenu') : t('layout.showMenu')}
          />
          <Box
            component="main"
            id="main-content"
            sx={{ flexGrow: 1, pt: `${HEADER_HEIGHT_PX}px`, px: { xs: 2, sm: 3, lg: 4 }, pb: 4 }}
          >
            <Box sx={{ pt: 3 }}>
              <DatePickerProvider>
                <Suspense fallback={<ContentLoader />}>
                  <Outlet />
                </Suspense>
              </DatePickerProvider>
            </Box>
          </Box>
          <AppFooter />
        </Box>
      </Box>
    </FeatureSlotsContext.Provider>
  );
}
