import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { DeskIndicator } from '@/features/desk/DeskIndicator';
import { GlobalSearch } from '@/features/search';
import { HEADER_HEIGHT_PX } from '../theme';
import { FullscreenToggle } from './FullscreenToggle';
import { LanguageSwitcher } from './LanguageSwitcher';
import { UserMenu } from './UserMenu';

interface AppHeaderProps {
  /** Left offset in px: the width of the open permanent sidebar, 0 otherwise. */
  offsetPx: number;
  isSidebarShown: boolean;
  onToggleSidebar: () => void;
  toggleLabel: string;
}

/**
 * The 80 px header (spec 01 §2.9): menu toggle, global search, the SOS desk's new-alert count (users with the
 * sos-desk module), language, fullscreen and the user menu.
 */
export function AppHeader({ offsetPx, isSidebarShown, onToggleSidebar, toggleLabel }: AppHeaderProps) {
  const theme = useTheme();
  return (
    <AppBar
      position="fixed"
      sx={{
        height: HEADER_HEIGHT_PX,
        left: offsetPx,
        width: `calc(100% - ${offsetPx}px)`,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        transition: theme.transitions.create(['left', 'width'], {
          duration: theme.transitions.duration.shorter,
        }),
      }}
    >
      <Toolbar sx={{ height: HEADER_HEIGHT_PX, gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2, lg: 3 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton
            onClick={onToggleSidebar}
            aria-label={toggleLabel}
            aria-expanded={isSidebarShown}
            edge="start"
          >
            {isSidebarShown ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <GlobalSearch />
        <Box sx={{ flexGrow: 1 }} />
        <DeskIndicator />
        <LanguageSwitcher />
        <FullscreenToggle />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
