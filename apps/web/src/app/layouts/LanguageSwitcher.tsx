import CheckIcon from '@mui/icons-material/Check';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type LanguageCode } from '@/lib/i18n';

/**
 * English / हिन्दी (spec 01 §2.9). The spec's notice says only part of the app is translated; this console is
 * translated throughout, so the notice says so instead.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (code: LanguageCode) => {
    setAnchor(null);
    void changeLanguage(code);
  };
  return (
    <>
      <Tooltip title={t('language.switch')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('language.switch')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? menuId : undefined}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => {
          const isCurrent = i18n.resolvedLanguage === language.code;
          return (
            <MenuItem
              key={language.code}
              selected={isCurrent}
              onClick={() => choose(language.code)}
              lang={language.code}
            >
              <ListItemIcon>{isCurrent && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{language.label}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <Box sx={{ display: 'flex', gap: 1, px: 2, py: 1, maxWidth: 280 }}>
          <InfoOutlinedIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="caption" color="text.secondary">
            {t('language.notice')}
          </Typography>
        </Box>
      </Menu>
    </>
  );
}
