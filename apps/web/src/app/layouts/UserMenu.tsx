import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import PhonelinkLockOutlinedIcon from '@mui/icons-material/PhonelinkLockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { WALLET_ROLES } from '@civicfleet/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';

/**
 * Avatar, name and role, with Profile, Change Password, Wallet (ADMIN and RFC_ADMIN only) and Sign out (spec 01 §2.9),
 * plus Active sessions (OWASP ASVS 3.3.4, docs/security.md).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) return null;

  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const roleName = t(`roles.${user.role.name}`, { defaultValue: user.role.name });
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  const showsWallet = WALLET_ROLES.some((role) => role === user.role.name);
  const close = () => setAnchor(null);
  const signOut = async () => {
    close();
    await logout();
    void navigate(paths.home);
  };

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('userMenu.open', { name: fullName })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1.25, ml: 0.5 }}
      >
        <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}>
          {initials}
        </Avatar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, textAlign: 'left', maxWidth: 180 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {fullName}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {roleName}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
          <Typography variant="subtitle2">{fullName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {roleName}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.profile(user.id)} onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.profile')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.changePassword} onClick={close}>
          <ListItemIcon>
            <LockResetOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.changePassword')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.accountMfa} onClick={close}>
          <ListItemIcon>
            <PhonelinkLockOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.mfa')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.accountSessions} onClick={close}>
          <ListItemIcon>
            <DevicesOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.sessions')}</ListItemText>
        </MenuItem>
        {showsWallet && (
          <MenuItem component={RouterLink} to={paths.accountWallet} onClick={close}>
            <ListItemIcon>
              <AccountBalanceWalletOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('userMenu.wallet')}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
