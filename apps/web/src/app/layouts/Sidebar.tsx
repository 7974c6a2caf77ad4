import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLogo } from '@/components/BrandLogo';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { buildNavigation, groupOfPath, isPathActive, type NavGroup, type NavItem } from '../nav';
import { HEADER_HEIGHT_PX } from '../theme';
import { NavIcon } from './nav-icons';
import { useGroupState } from './use-group-state';

interface SidebarProps {
  /** Called after an item is chosen (closes the temporary drawer on small screens). */
  onNavigate?: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  const { pathname } = useLocation();
  const navigation = useMemo(() => buildNavigation((moduleId) => can(moduleId)), [can]);
  const groups = useGroupState(groupOfPath(navigation, pathname));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ height: HEADER_HEIGHT_PX, display: 'flex', alignItems: 'center', px: 2.5, flexShrink: 0 }}>
        <Link component={RouterLink} to={paths.home} underline="none" color="inherit" onClick={onNavigate}>
          <BrandLogo withName />
        </Link>
      </Box>
      <Box
        component="nav"
        aria-label={t('nav.label')}
        sx={{ flexGrow: 1, overflowY: 'auto', px: 1.5, pb: 2 }}
      >
        <List disablePadding>
          {navigation.items.map((item) => (
            <SidebarLink key={item.id} item={item} pathname={pathname} onNavigate={onNavigate} withIcon />
          ))}
          {navigation.groups.map((group) => (
            <SidebarGroup
              key={group.id}
              group={group}
              pathname={pathname}
              isOpen={groups.isOpen(group.id)}
              onToggle={() => groups.toggle(group.id)}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Box>
    </Box>
  );
}

interface SidebarLinkProps {
  item: NavItem;
  pathname: string;
  onNavigate: (() => void) | undefined;
  withIcon?: boolean;
}

function SidebarLink({ item, pathname, onNavigate, withIcon = false }: SidebarLinkProps) {
  const { t } = useTranslation();
  const isActive = isPathActive(item.path, pathname);
  return (
    <ListItemButton
      component={RouterLink}
      to={item.path}
      selected={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ borderRadius: 2, mb: 0.25, pl: withIcon ? 1.5 : 6.5, py: withIcon ? 1 : 0.75 }}
    >
      {withIcon && (
        <ListItemIcon sx={{ minWidth: 40 }}>
          <NavIcon id={item.id} />
        </ListItemIcon>
      )}
      <ListItemText
        primary={t(item.labelKey)}
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: isActive ? 600 : 500 } } }}
      />
      {item.badge && (
        <Chip
          size="small"
          label={t(`nav.badge.${item.badge}`)}
          color={item.badge === 'new' ? 'secondary' : 'info'}
          variant={item.badge === 'new' ? 'filled' : 'outlined'}
          sx={{ height: 20, fontSize: 11, fontWeight: 600 }}
        />
      )}
    </ListItemButton>
  );
}

interface SidebarGroupProps {
  group: NavGroup;
  pathname: string;
  isOpen: boolean;
  onToggle: () => void;
  onNavigate: (() => void) | undefined;
}

function SidebarGroup({ group, pathname, isOpen, onToggle, onNavigate }: SidebarGroupProps) {
  const { t } = useTranslation();
  const listId = `nav-group-${group.id}`;
  const hasActiveItem = group.items.some((item) => isPathActive(item.path, pathname));
  return (
    <>
      <ListItemButton
        onClick={onToggle}
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        sx={{ borderRadius: 2, mt: 1, mb: 0.25, pl: 1.5, color: hasActiveItem ? 'primary.main' : undefined }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
          <NavIcon id={group.id} />
        </ListItemIcon>
        <ListItemText
          primary={t(group.labelKey)}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } } }}
        />
        {isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={isOpen} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding aria-label={t(group.labelKey)}>
          {group.items.length === 0 ? (
            <ListItem sx={{ pl: 6.5 }}>
              <ListItemText
                primary={t('nav.noItems')}
                slotProps={{
                  primary: { variant: 'body2', color: 'text.disabled', sx: { fontStyle: 'italic' } },
                }}
              />
            </ListItem>
          ) : (
            group.items.map((item) => (
              <SidebarLink key={item.id} item={item} pathname={pathname} onNavigate={onNavigate} />
            ))
          )}
        </List>
      </Collapse>
    </>
  );
}
